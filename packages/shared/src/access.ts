import { z } from 'zod';
import { ALL_SITES } from './constants.js';

/** Access rules: a resource name plus an action, on a site or on all sites. */
export const RESOURCES = [
  'images',
  'image-categories',
  'locationtags',
  'maps',
  'organizations',
  'ssosettings',
  'reportconfigs',
  'exceptions',
  'users',
  'webhooks',
  'endpoints',
  'sites',
  'workers',
  'things',
  'zones',
  'apikeys',
  'settings',
  'audit',
] as const;
export type Resource = (typeof RESOURCES)[number];
/**
 * `read` is the audit trail's right (reading anything else needs only the site); `erase` removes a
 * worker's personal data (things); `identify` shows workers by name where they are pseudonymous.
 */
export const ACTIONS = ['create', 'modify', 'delete', 'read', 'erase', 'identify'] as const;
/** The rights every writable resource has. */
export const WRITE_ACTIONS = [
  'create',
  'modify',
  'delete',
] as const satisfies readonly (typeof ACTIONS)[number][];
export type Action = (typeof ACTIONS)[number];

export const AccessRule = z.object({
  role: z.string(),
  resource: z.string(),
  action: z.enum(ACTIONS),
  site: z.string(),
});
export type AccessRule = z.infer<typeof AccessRule>;

export const Role = z.object({ id: z.string(), name: z.string() });
export type Role = z.infer<typeof Role>;

/**
 * Built-in roles, seeded with fixed ids and not deletable: Super Admin (everything), Admin
 * (everything but organizations; the server keeps identity-provider settings to Super Admins,
 * docs/security.md), Manager (create, modify, delete the tracking resources, images,
 * categories and report configs), Operator (create, modify things, workers, images; acknowledge
 * and resolve exceptions: modify on exceptions), Viewer (read only). The audit trail (`audit` read) and erasure (`erase` on things) are Admin's by default.
 */
export const ROLE_IDS = {
  superAdmin: '5a0000000000000000000001',
  admin: '5a0000000000000000000002',
  manager: '5a0000000000000000000003',
  operator: '5a0000000000000000000004',
  viewer: '5a0000000000000000000005',
} as const;
export const SUPER_ADMIN_ROLE_ID = ROLE_IDS.superAdmin;

const everything = (except: Resource[] = []) => RESOURCES.filter((r) => !except.includes(r));
const MANAGER_RESOURCES: Resource[] = [
  'things',
  'workers',
  'zones',
  'endpoints',
  'maps',
  'locationtags',
  'images',
  'image-categories',
  'reportconfigs',
  'exceptions',
];

function grant(role: string, resources: readonly Resource[], actions: readonly Action[]): AccessRule[] {
  return resources.flatMap((resource) =>
    actions.map((action) => ({ role, resource, action, site: ALL_SITES })),
  );
}

export const BUILT_IN_ROLES: { id: string; name: string; rules: AccessRule[] }[] = [
  {
    id: ROLE_IDS.superAdmin,
    name: 'Super Admin',
    rules: [{ role: ROLE_IDS.superAdmin, resource: '*', action: 'delete', site: ALL_SITES }],
  },
  { id: ROLE_IDS.admin, name: 'Admin', rules: grant(ROLE_IDS.admin, everything(['organizations']), ACTIONS) },
  {
    id: ROLE_IDS.manager,
    name: 'Manager',
    rules: grant(ROLE_IDS.manager, MANAGER_RESOURCES, WRITE_ACTIONS),
  },
  {
    id: ROLE_IDS.operator,
    name: 'Operator',
    rules: [
      ...grant(ROLE_IDS.operator, ['things', 'workers', 'images'], ['create', 'modify']),
      // The people on the floor acknowledge and resolve the alerts they act on (modify on exceptions).
      ...grant(ROLE_IDS.operator, ['exceptions'], ['modify']),
    ],
  },
  { id: ROLE_IDS.viewer, name: 'Viewer', rules: [] },
];

/** Super admin means delete on the all-sites marker for every resource. */
export function isSuperAdmin(rules: readonly AccessRule[]): boolean {
  return rules.some((r) => r.resource === '*' && r.action === 'delete' && r.site === ALL_SITES);
}

/** Whether one of the rules itself grants `action` on `resource` (on `site`, or anywhere). */
function grants(rules: readonly AccessRule[], resource: string, action: Action, site?: string): boolean {
  return rules.some(
    (r) =>
      (r.resource === resource || r.resource === '*') &&
      r.action === action &&
      (site === undefined || r.site === ALL_SITES || r.site === site),
  );
}

/**
 * Rights that mean something only together with others on the same site, and why. Reading the
 * audit trail shows who looked at which worker and which user did what from where: it is for
 * whoever may already identify those workers and see those users. Erasing (or exporting) a worker's
 * data acts on a person by name: it is for whoever may identify the worker. A role that holds one
 * without what it needs is refused when checked (`invalidRoleRules`); rules that reach a caller
 * anyway (several roles, rows written by hand) grant it only where what it needs is granted too.
 */
const RIGHT_NEEDS: readonly {
  resource: Resource;
  action: Action;
  needs: readonly { resource: Resource; action: Action }[];
  why: string;
}[] = [
  {
    resource: 'audit',
    action: 'read',
    needs: [
      { resource: 'workers', action: 'identify' },
      { resource: 'users', action: 'create' },
    ],
    why: 'the audit log names workers, who looked at them, and users with their addresses',
  },
  {
    resource: 'things',
    action: 'erase',
    needs: [{ resource: 'workers', action: 'identify' }],
    why: "exporting or erasing a worker's data needs to know whom it is about",
  },
];

const needsOf = (resource: string, action: Action) =>
  RIGHT_NEEDS.find((n) => n.resource === resource && n.action === action)?.needs ?? [];

/**
 * Whether the rules grant `action` on `resource`. With a site, a rule must be for that site or
 * for all sites (`ALL_SITES` asks for all sites); without one, any site will do (menu and button
 * visibility). A right of `RIGHT_NEEDS` counts only on a site where what it needs is granted too.
 */
export function can(rules: readonly AccessRule[], resource: string, action: Action, site?: string): boolean {
  if (isSuperAdmin(rules)) return true;
  const needs = needsOf(resource, action);
  const on = (s: string | undefined) =>
    grants(rules, resource, action, s) && needs.every((n) => grants(rules, n.resource, n.action, s));
  if (site !== undefined || !needs.length) return on(site);
  return [...new Set(rules.map((r) => r.site))].some(on);
}

/**
 * What is wrong with a role's rules, or undefined: a right of `RIGHT_NEEDS` on a site (or on all
 * sites) without what it needs on that site (or on all sites). Every role a caller may hold passes.
 */
export function invalidRoleRules(rules: readonly Pick<AccessRule, 'resource' | 'action' | 'site'>[]) {
  for (const rule of rules) {
    const right = RIGHT_NEEDS.find((n) => n.resource === rule.resource && n.action === rule.action);
    if (!right) continue;
    const missing = right.needs.filter(
      (n) =>
        // A rule for all sites needs its companions for all sites.
        !rules.some(
          (r) =>
            (r.resource === n.resource || r.resource === '*') &&
            r.action === n.action &&
            (r.site === ALL_SITES || r.site === rule.site),
        ),
    );
    if (missing.length)
      return `${rule.action} on ${rule.resource} needs ${missing
        .map((n) => `${n.action} on ${n.resource}`)
        .join(' and ')} for the same sites: ${right.why}`;
  }
  return undefined;
}
