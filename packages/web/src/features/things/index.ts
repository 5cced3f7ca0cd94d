/**
 * Things: the items and workers lists and the thing editor. Menu labels follow the
 * site settings itemLabel / workerLabel, and so does the top search's placeholder ('Search assets or
 * screens'); the workers entry is hidden by settings.hideWorkers.
 */
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { lowerTitle } from '../../components/table/cell';
import { type Feature, page } from '../../navigation/registry';
import type { ThingRouteHandle } from './ThingEdit';

const editor = page(() => import('./ThingEdit'));
const item: ThingRouteHandle = { thingClass: 'item' };
const worker: ThingRouteHandle = { thingClass: 'worker' };

export const thingsFeature: Feature = {
  name: 'things',
  routes: [
    { path: 'items', lazy: page(() => import('./ItemsList')) },
    { path: 'items/:id', lazy: editor, handle: item },
    { path: 'workers', lazy: page(() => import('./WorkersList')) },
    { path: 'workers/:id', lazy: editor, handle: worker },
    { path: 'things/:id', lazy: editor },
  ],
  menu: [
    {
      slot: 'items',
      label: (ctx) => ctx.settings.itemLabel || 'Items',
      icon: Inventory2Outlined,
      path: 'items',
    },
    {
      slot: 'workers',
      label: (ctx) => ctx.settings.workerLabel || 'Workers',
      icon: BadgeOutlined,
      path: 'workers',
      gate: (ctx) => !ctx.settings.hideWorkers,
    },
  ],
  search: {
    label: (ctx) => lowerTitle(ctx.settings.itemLabel || 'Items'),
    path: 'items',
    query: (term) => ({ search: term }),
  },
};
