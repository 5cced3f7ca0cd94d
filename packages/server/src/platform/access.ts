/**
 * Authorization checks: reading needs only access to the site; writes need a role whose rule grants
 * the action on the resource. The server enforces every rule; the console only hides what it would refuse.
 */
import { type Action, ALL_SITES, can } from '@sightline/shared';
import type { FastifyRequest } from 'fastify';
import type { Caller } from './caller.js';
import { forbidden, unauthorized } from './errors.js';

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

export function hasSite(caller: Caller, siteId: string): boolean {
  return caller.superAdmin || caller.sites.includes(ALL_SITES) || caller.sites.includes(siteId);
}

/** Site ids the caller is limited to, or undefined when it may see every site of its organization. */
export function siteScope(caller: Caller): string[] | undefined {
  return caller.superAdmin || caller.sites.includes(ALL_SITES) ? undefined : caller.sites;
}

/** What a refusal says the caller tried: an action, or reading. */
export type Verb = Action | 'read';

/**
 * Refuses unless a rule grants `action`. The refusal names `verb`, what the caller tried, when the
 * rule checked is another action's (reading an admin-only list needs the right to create).
 */
export function authorize(
  caller: Caller,
  resource: string,
  action: Action,
  siteId?: string,
  verb: Verb = action,
): void {
  if (!can(caller.rules, resource, action, siteId))
    throw forbidden(`You do not have permission to ${verb} ${resource}`);
}

/** 403 with `message` (the screen's own text, e.g. ORGANIZATION_MSG.superAdminOnly) unless the caller is a Super Admin. */
export function requireSuperAdmin(caller: Caller, message = 'Only a Super Admin may do this'): void {
  if (!caller.superAdmin) throw forbidden(message);
}
