import { DEFAULT_SITE_SETTINGS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { type Feature, type MenuContext, needs } from '../navigation/registry';
import { buildMenu, firstScreen, menuLabel } from './menu-layout';

const icon = () => null;
const ctx = (allowed: string[], settings = DEFAULT_SITE_SETTINGS): MenuContext => ({
  can: (resource, action) => allowed.includes(`${action}:${resource}`),
  settings,
  ssoAvailable: false,
  superAdmin: false,
  allSites: true,
  siteId: 's1',
  userId: 'u1',
});
const features: Feature[] = [
  {
    name: 'users',
    menu: [{ slot: 'users', label: 'Users', icon, path: 'users', gate: needs('create', 'users') }],
  },
  {
    name: 'sites',
    menu: [{ slot: 'sites', label: 'Sites', icon, path: 'sites', gate: needs('modify', 'sites') }],
  },
  {
    name: 'things',
    menu: [
      {
        slot: 'workers',
        label: (c) => c.settings.workerLabel,
        icon,
        path: 'workers',
        gate: (c) => !c.settings.hideWorkers,
      },
      { slot: 'items', label: (c) => c.settings.itemLabel, icon, path: 'items' },
    ],
  },
];

describe('menu registry', () => {
  it('orders entries by MENU_LAYOUT regardless of registration order', () => {
    const groups = buildMenu(features, ctx(['create:users', 'modify:sites']));
    expect(groups.map((g) => g.id)).toEqual(['main', 'admin']);
    expect(groups[0]?.entries.map((e) => e.slot)).toEqual(['items', 'workers']);
    expect(groups[1]?.entries.map((e) => e.slot)).toEqual(['sites', 'users']);
  });

  it('hides gated entries and empty groups', () => {
    const groups = buildMenu(features, ctx([], { ...DEFAULT_SITE_SETTINGS, hideWorkers: true }));
    expect(groups.map((g) => g.id)).toEqual(['main']);
    expect(groups[0]?.entries.map((e) => e.slot)).toEqual(['items']);
  });

  it('labels from settings and picks the first screen for /', () => {
    const c = ctx([], { ...DEFAULT_SITE_SETTINGS, itemLabel: 'Assets' });
    const entry = buildMenu(features, c)[0]?.entries[0];
    expect(entry && menuLabel(entry, c)).toBe('Assets');
    expect(firstScreen(features, c)).toBe('items');
    expect(firstScreen([features[0] as Feature], ctx([]))).toBe('userme');
  });
});
