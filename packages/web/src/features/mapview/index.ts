/** Map view (route mapView): the menu's Maps entries (one per map) link here. */
import { type Feature, page } from '../../navigation/registry';

export const mapviewFeature: Feature = {
  name: 'mapview',
  routes: [{ path: 'mapview/:id', lazy: page(() => import('./MapViewPage')) }],
};
