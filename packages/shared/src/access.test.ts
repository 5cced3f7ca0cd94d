import { describe, expect, it } from 'vitest';
import { type AccessRule, BUILT_IN_ROLES, can, invalidRoleRules, isSuperAdmin, ROLE_IDS } from './access.js';
import { ALL_SITES } from './constants.js';

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

describe('rights that need others on the same site (audit read, erase)', () => {
  const rule = (resource: string, action: AccessRule['action'], site = '*'): AccessRule => ({
    role: 'r',
    resource,
    action,
    site,
  });
  const identify = rule('workers', 'identify');
  const seeUsers = rule('users', 'create');

  it('grants audit read and erase only where identify (and, for audit, the users list) is granted too', () => {
    expect(can([rule('audit', 'read')], 'audit', 'read')).toBe(false);
    expect(can([rule('audit', 'read'), identify], 'audit', 'read', 's')).toBe(false);
    expect(can([rule('audit', 'read'), identify, seeUsers], 'audit', 'read', 's')).toBe(true);
    expect(can([rule('things', 'erase')], 'things', 'erase', 's')).toBe(false);
    expect(can([rule('things', 'erase')], 'things', 'erase')).toBe(false);
    expect(can([rule('things', 'erase'), identify], 'things', 'erase', 's')).toBe(true);
    // Erase on all sites, identify on one: erase on that one only.
    const oneSite = [rule('things', 'erase'), rule('workers', 'identify', 'a')];
    expect(can(oneSite, 'things', 'erase', 'a')).toBe(true);
    expect(can(oneSite, 'things', 'erase', 'b')).toBe(false);
    expect(can(oneSite, 'things', 'erase', ALL_SITES)).toBe(false);
    expect(can(oneSite, 'things', 'erase')).toBe(true);
    expect(can([rule('things', 'erase', 'a'), rule('workers', 'identify', 'b')], 'things', 'erase')).toBe(
      false,
    );
  });

  it('names what a role lacks, and accepts every built-in role', () => {
    expect(invalidRoleRules([rule('audit', 'read')])).toBe(
      'read on audit needs identify on workers and create on users for the same sites: ' +
        'the audit log names workers, who looked at them, and users with their addresses',
    );
    expect(invalidRoleRules([rule('things', 'erase', 'a'), rule('workers', 'identify', 'b')])).toMatch(
      /^erase on things needs identify on workers for the same sites/,
    );
    expect(invalidRoleRules([rule('things', 'erase'), rule('workers', 'identify', 'a')])).toMatch(
      /^erase on things needs identify on workers/,
    );
    expect(invalidRoleRules([rule('things', 'erase', 'a'), rule('workers', 'identify')])).toBeUndefined();
    expect(
      invalidRoleRules([rule('audit', 'read', 'a'), identify, rule('users', 'create', 'a')]),
    ).toBeUndefined();
    for (const role of BUILT_IN_ROLES) expect(invalidRoleRules(role.rules), role.name).toBeUndefined();
  });
});
