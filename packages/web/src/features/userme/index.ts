/** The signed-in user's own profile (route userMe), reached from the profile menu. */
import { type Feature, page } from '../../navigation/registry';

export const usermeFeature: Feature = {
  name: 'userme',
  routes: [{ path: 'userme', lazy: page(() => import('./UserMe')) }],
};
