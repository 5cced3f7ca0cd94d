/**
 * The feature registry: each folder under features/ exports one `Feature` (its routes, its menu
 * entries with their permission gates, optionally a top-bar search target) and features/index.ts
 * lists them. The router, the menu and the root redirect are all built from that list, so a menu
 * entry exists exactly when its screen does.
 */
import type { SvgIconProps } from '@mui/material';
import type { Action, SiteSettings } from '@sightline/shared';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { Query } from '../api/client';

/** Menu positions in menu order; see menu-layout.ts for the groups. */
export type MenuSlot =
  | 'home'
  | 'alerts'
  | 'events'
  | 'items'
  | 'images'
  | 'mapViews'
  | 'reports'
  | 'customReports'
  | 'workers'
  | 'apikeys'
  | 'categories'
  | 'reportconfigs'
  | 'sites'
  | 'import'
  | 'users'
  | 'ssosettings'
  | 'webhooks'
  | 'audit'
  | 'endpoints'
  | 'locationtags'
  | 'maps'
  | 'zones'
  | 'settings'
  | 'organizations';

/** What a menu gate or label may look at. */
export interface MenuContext {
  can: (resource: string, action: Action) => boolean;
  settings: SiteSettings;
  ssoAvailable: boolean;
  superAdmin: boolean;
  /** The user reaches every site (not limited to some); webhooks and SSO settings need it. */
  allSites: boolean;
  siteId: string | undefined;
  /** The signed-in user's id (a user may always open their own record). */
  userId: string;
}

export interface MenuLink {
  label: string;
  /** App path without the site, e.g. 'reports/events'; the site query is added by the menu. */
  path: string;
  query?: Query;
}

export interface MenuEntry {
  slot: MenuSlot;
  label: string | ((ctx: MenuContext) => string);
  icon: ComponentType<SvgIconProps>;
  /** Where the entry goes. Entries with children may omit it (they only expand). */
  path?: string;
  /**
   * Shown only when this returns true (usually a check of the user's access rules); absent = every
   * signed-in user.
   */
  gate?: (ctx: MenuContext) => boolean;
  /** Fixed sub-entries (Reports: Activity, Exceptions ...). */
  children?: MenuLink[];
  /** Sub-entries from data (Maps: one per map). A hook: it may call useList etc. */
  useChildren?: (ctx: MenuContext) => MenuLink[];
  /** A count shown beside the label (open alerts); 0 or undefined shows none. A hook, like useChildren. */
  useBadge?: (ctx: MenuContext) => number | undefined;
}

export interface Feature {
  name: string;
  /** Screens under the shell (drawer + top bar). Paths are relative: 'users', 'users/:id'. */
  routes?: RouteObject[];
  /** Screens outside the shell (login, password reset). */
  publicRoutes?: RouteObject[];
  menu?: MenuEntry[];
  /** Where the top-bar search box sends a typed term (the first feature that offers one wins). */
  search?: { label: string | ((ctx: MenuContext) => string); path: string; query: (term: string) => Query };
}

/** Gate helper: `gate: needs('create', 'users')`. */
export const needs =
  (action: Action, resource: string) =>
  (ctx: MenuContext): boolean =>
    ctx.can(resource, action);

/** Gate helper: every gate must pass. */
export const allOf =
  (...gates: Gate[]): Gate =>
  (ctx, params) =>
    gates.every((g) => g(ctx, params));

/** A menu gate, or a route's gate: who may open a screen (a route's gate also sees its params). */
export type Gate = (ctx: MenuContext, params?: Readonly<Record<string, string | undefined>>) => boolean;

/**
 * What a screen route may carry in its `handle`. `gate`: who may open it (absent = every signed-in
 * user); anyone else gets the no-access page instead of the screen, so the screen never mounts and
 * never asks the server for what it would refuse.
 */
interface RouteHandle {
  gate?: Gate;
}

/** Routes only users passing `gate` may open: `routes: gated(needs('create', 'users'), [...])`. */
export function gated(gate: Gate, routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({ ...route, handle: { ...(route.handle as object | undefined), gate } }));
}

/** The gate of the deepest matched route that has one. */
export function routeGate(handles: readonly unknown[]): Gate | undefined {
  for (let i = handles.length - 1; i >= 0; i -= 1) {
    const gate = (handles[i] as RouteHandle | undefined)?.gate;
    if (gate) return gate;
  }
  return undefined;
}

/** A page component loaded on demand: `lazy: page(() => import('./UsersList'))`. */
export function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}
