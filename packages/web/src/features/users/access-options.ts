/** The Roles and Sites choices of the user and API key editors. */
import { ALL_SITES, SUPER_ADMIN_ROLE_ID } from '@sightline/shared';
import type { Option } from '../../components';

/**
 * Roles to choose from; Super Admin only where it may be granted: only a super admin grants it, and
 * never to an API key.
 */
export const roleOptions = (
  roles: readonly { id: string; name: string }[] | undefined,
  offerSuperAdmin: boolean,
): Option[] =>
  (roles ?? [])
    .filter((r) => offerSuperAdmin || r.id !== SUPER_ADMIN_ROLE_ID)
    .map((r) => ({ value: r.id, label: r.name }));

/** Sites to choose from, 'All Sites' first. */
export const siteOptions = (sites: readonly { _id: string; name: string }[]): Option[] => [
  { value: ALL_SITES, label: 'All Sites' },
  ...sites.map((s) => ({ value: s._id, label: s.name })),
];
