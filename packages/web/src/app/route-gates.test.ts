import { DEFAULT_SITE_SETTINGS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { features } from '../features';
import { type MenuContext, routeGate } from '../navigation/registry';

const ctx = (allowed: string[], allSites = true): MenuContext => ({
  can: (resource, action) => allowed.includes('*') || allowed.includes(`${action}:${resource}`),
  settings: DEFAULT_SITE_SETTINGS,
  ssoAvailable: true,
  superAdmin: false,
  allSites,
  siteId: 's1',
  userId: 'me',
});
const routes = features.flatMap((f) => f.routes ?? []);
const gateOf = (path: string) => routeGate([routes.find((r) => r.path === path)?.handle]);
const opens = (path: string, c: MenuContext, id = 'someone') => gateOf(path)?.(c, { id }) ?? true;

// Screens whose records the server refuses to read without these rights.
const REFUSED_TO_VIEWERS = [
  'users',
  'users/:id',
  'apikeys',
  'apikeys/:id',
  'webhooks',
  'webhooks/:id',
  'ssosettings',
  'import',
];

describe('route gates', () => {
  it('a Viewer gets the no-access page on every screen the server would refuse', () => {
    for (const path of REFUSED_TO_VIEWERS) expect(opens(path, ctx([])), path).toBe(false);
  });
  it('screens every signed-in user may read stay open', () => {
    for (const path of ['home', 'events', 'items', 'items/:id', 'zones', 'zones/:id', 'userme'])
      expect(opens(path, ctx([])), path).toBe(true);
  });
  it('users with the rights open them; webhooks also need every site', () => {
    for (const path of REFUSED_TO_VIEWERS) expect(opens(path, ctx(['*'])), path).toBe(true);
    expect(opens('webhooks', ctx(['*'], false))).toBe(false);
    expect(opens('users', ctx(['*'], false))).toBe(true);
  });
  it('a user without rights on users still opens their own record (read only)', () => {
    expect(opens('users/:id', ctx([]), 'me')).toBe(true);
    expect(opens('users/:id', ctx([]), 'someone')).toBe(false);
  });
  it('the deepest gate of the matched routes decides', () => {
    const no = () => false;
    const yes = () => true;
    expect(routeGate([{ gate: yes }, undefined, { gate: no }])?.(ctx([]))).toBe(false);
    expect(routeGate([{ gate: no }, {}])?.(ctx([]))).toBe(false);
    expect(routeGate([undefined, {}])).toBeUndefined();
  });
});
