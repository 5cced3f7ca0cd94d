/** The menu's fixed order: the main entries, then the Admin and Configuration groups. */
import type { Feature, MenuContext, MenuEntry, MenuSlot } from '../navigation/registry';

interface MenuGroupLayout {
  id: 'main' | 'admin' | 'configuration';
  title?: string;
  slots: MenuSlot[];
}

const MENU_LAYOUT: MenuGroupLayout[] = [
  {
    id: 'main',
    slots: ['home', 'alerts', 'events', 'items', 'images', 'mapViews', 'reports', 'customReports', 'workers'],
  },
  {
    id: 'admin',
    title: 'Admin',
    slots: [
      'apikeys',
      'categories',
      'reportconfigs',
      'sites',
      'import',
      'users',
      'ssosettings',
      'webhooks',
      'audit',
    ],
  },
  {
    id: 'configuration',
    title: 'Configuration',
    slots: ['endpoints', 'locationtags', 'maps', 'zones', 'settings', 'organizations'],
  },
];

export interface MenuGroup {
  id: MenuGroupLayout['id'];
  title?: string;
  entries: MenuEntry[];
}

/** The visible menu: registered entries whose gate passes, in MENU_LAYOUT order; empty groups dropped. */
export function buildMenu(features: readonly Feature[], ctx: MenuContext): MenuGroup[] {
  const bySlot = new Map<MenuSlot, MenuEntry>();
  for (const entry of features.flatMap((f) => f.menu ?? [])) bySlot.set(entry.slot, entry);
  return MENU_LAYOUT.map((group) => ({
    id: group.id,
    title: group.title,
    entries: group.slots
      .map((slot) => bySlot.get(slot))
      .filter((e): e is MenuEntry => e !== undefined && (e.gate?.(ctx) ?? true)),
  })).filter((g) => g.entries.length > 0);
}

export const menuLabel = (entry: MenuEntry, ctx: MenuContext) =>
  typeof entry.label === 'function' ? entry.label(ctx) : entry.label;

/** Where '/' goes: the first screen of the visible menu, else the user's own profile. */
export function firstScreen(features: readonly Feature[], ctx: MenuContext): string {
  for (const group of buildMenu(features, ctx)) {
    for (const entry of group.entries) {
      const path = entry.path ?? entry.children?.[0]?.path;
      if (path) return path;
    }
  }
  return 'userme';
}
