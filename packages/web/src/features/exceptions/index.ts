/** Exception detail (route exceptionDetail): opened from Home, reports and mails. */
import { type Feature, page } from '../../navigation/registry';

export const exceptionsFeature: Feature = {
  name: 'exceptions',
  routes: [{ path: 'exceptions/:id', lazy: page(() => import('./ExceptionDetailPage')) }],
};
