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

export function authorize(caller: Caller, resource: string, action: Action, siteId?: string): void {
  if (!can(caller.rules, resource, action, siteId))
    throw forbidden(`You do not have permission to ${action} ${resource}`);
}

/** 403 with `message` (the screen's own text, e.g. ORGANIZATION_MSG.superAdminOnly) unless the caller is a Super Admin. */
export function requireSuperAdmin(caller: Caller, message = 'Only a Super Admin may do this'): void {
  if (!caller.superAdmin) throw forbidden(message);
}
