/**
 * Maps: the list and editor under Configuration (the menu needs modify on maps), and the main
 * menu's Maps entry with one link per map of the site to its map view.
 */
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import { paths } from '../../navigation/paths';
import { type Feature, type MenuContext, type MenuLink, needs, page } from '../../navigation/registry';
import { useSiteMaps } from './useSiteMaps';

function useMapViewLinks(ctx: MenuContext): MenuLink[] {
  const { maps } = useSiteMaps(ctx.siteId);
  return (maps ?? []).map((m) => ({ label: m.name, path: paths.mapView(m._id) }));
}

export const mapsFeature: Feature = {
  name: 'maps',
  routes: [
    { path: 'maps', lazy: page(() => import('./MapsList')) },
    { path: 'maps/:id', lazy: page(() => import('./MapEdit')) },
  ],
  menu: [
    { slot: 'mapViews', label: 'Maps', icon: MapOutlined, useChildren: useMapViewLinks },
    { slot: 'maps', label: 'Maps', icon: LayersOutlined, path: 'maps', gate: needs('modify', 'maps') },
  ],
};
