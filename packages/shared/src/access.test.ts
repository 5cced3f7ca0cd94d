import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, can, isSuperAdmin, ROLE_IDS } from './access.js';

const rulesOf = (id: string) => BUILT_IN_ROLES.find((r) => r.id === id)?.rules ?? [];

describe('permission checks (resource + action on a site or all sites; built-in roles)', () => {
  it('super admin is delete on the all-sites marker and can do anything', () => {
    const rules = rulesOf(ROLE_IDS.superAdmin);
    expect(isSuperAdmin(rules)).toBe(true);
    expect(can(rules, 'organizations', 'create', 'any-site')).toBe(true);
  });
  it.each([
    ['admin', 'users', 'create', true],
    ['admin', 'organizations', 'modify', false],
    ['admin', 'settings', 'modify', true],
    ['manager', 'zones', 'delete', true],
    ['manager', 'users', 'create', false],
    ['manager', 'apikeys', 'create', false],
    ['operator', 'things', 'modify', true],
    ['operator', 'things', 'delete', false],
    ['operator', 'zones', 'modify', false],
    ['viewer', 'things', 'create', false],
  ] as const)('%s may %s %s: %s', (role, resource, action, allowed) => {
    const rules = rulesOf(ROLE_IDS[role]);
    expect(isSuperAdmin(rules)).toBe(false);
    expect(can(rules, resource, action)).toBe(allowed);
  });
  it('a rule for one site does not grant another', () => {
    const rules = [{ role: 'r', resource: 'zones', action: 'modify' as const, site: 'site-a' }];
    expect(can(rules, 'zones', 'modify', 'site-a')).toBe(true);
    expect(can(rules, 'zones', 'modify', 'site-b')).toBe(false);
    expect(can(rules, 'zones', 'modify')).toBe(true);
  });
});
