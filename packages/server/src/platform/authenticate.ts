/**
 * Resolves the caller of every /api request: a cookie session or an API key Bearer token.
 * Cookie-authenticated unsafe methods must carry `x-requested-with: XMLHttpRequest`, else 403: a
 * cross-site form cannot set that header.
 */
import {
  type AccessRule,
  CSRF_HEADER,
  CSRF_VALUE,
  isSuperAdmin,
  SUPER_ADMIN_ROLE_ID,
} from '@sightline/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { accessRules, apiKeys, type users } from '../db/schema.js';
import type { Caller } from './caller.js';
import { sha256 } from './crypto.js';
import { forbidden, unauthorized } from './errors.js';
import { liveSessions, resolveSession, SESSION_COOKIE } from './sessions.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Built-in roles never change at run time, so their rules are cached per process. */
const rulesCache = new Map<string, AccessRule[]>();
async function rulesForRoles(db: Db, roleIds: string[]): Promise<AccessRule[]> {
  const missing = roleIds.filter((r) => !rulesCache.has(r));
  if (missing.length) {
    const rows = await db.select().from(accessRules).where(inArray(accessRules.roleId, missing));
    for (const role of missing) {
      rulesCache.set(
        role,
        rows
          .filter((r) => r.roleId === role)
          .map((r) => ({
            role: r.roleId,
            resource: r.resource,
            action: r.action as AccessRule['action'],
            site: r.site,
          })),
      );
    }
  }
  return roleIds.flatMap((r) => rulesCache.get(r) ?? []);
}

export async function callerForUser(
  db: Db,
  user: typeof users.$inferSelect,
  sessionHash?: string,
): Promise<Caller | undefined> {
  if (user.locked) return undefined;
  const rules = await rulesForRoles(db, user.roles);
  return {
    kind: 'user',
    id: user.id,
    orgId: user.orgId,
    name: user.name,
    username: user.username,
    roles: user.roles,
    sites: user.sites,
    rules,
    superAdmin: isSuperAdmin(rules),
    sessionHash,
  };
}

async function callerForApiKey(db: Db, token: string): Promise<Caller | undefined> {
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.tokenHash, sha256(token)));
  return key && callerForApiKeyRow(db, key);
}

async function callerForApiKeyRow(db: Db, key: typeof apiKeys.$inferSelect): Promise<Caller> {
  // An API key never acts as Super Admin, whatever its stored roles say.
  const roles = key.roles.filter((r) => r !== SUPER_ADMIN_ROLE_ID);
  const rules = (await rulesForRoles(db, roles)).filter((r) => !(r.resource === '*' && r.site === '*'));
  return {
    kind: 'apiKey',
    id: key.id,
    orgId: key.orgId,
    name: key.name,
    username: key.name,
    roles,
    sites: key.sites,
    rules,
    superAdmin: false,
  };
}

/** What a caller authenticated with: its session, or the API key itself. */
export const credentialOf = (caller: Pick<Caller, 'kind' | 'id' | 'sessionHash'>): string =>
  caller.kind === 'apiKey' ? `apiKey:${caller.id}` : `session:${caller.sessionHash ?? ''}`;

/**
 * The callers those credentials (`credentialOf`) stand for now, built exactly as for a request;
 * a credential missing from the answer would be refused (revoked, expired, deleted or locked).
 */
export async function currentCallers(db: Db, credentials: Iterable<string>): Promise<Map<string, Caller>> {
  const sessionHashes: string[] = [];
  const keyIds: string[] = [];
  for (const credential of new Set(credentials)) {
    const [kind, id = ''] = credential.split(':');
    if (kind === 'session') sessionHashes.push(id);
    else keyIds.push(id);
  }
  const callers = new Map<string, Caller>();
  for (const session of sessionHashes.length ? await liveSessions(db, sessionHashes) : []) {
    const caller = await callerForUser(db, session.user, session.tokenHash);
    if (caller) callers.set(credentialOf(caller), caller);
  }
  for (let i = 0; i < keyIds.length; i += 1000) {
    const keys = await db
      .select()
      .from(apiKeys)
      .where(inArray(apiKeys.id, keyIds.slice(i, i + 1000)));
    for (const key of keys)
      callers.set(credentialOf({ kind: 'apiKey', id: key.id }), await callerForApiKeyRow(db, key));
  }
  return callers;
}

export async function authenticate(db: Db, request: FastifyRequest): Promise<Caller> {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const caller = await callerForApiKey(db, header.slice(7).trim());
    if (!caller) throw unauthorized('Invalid API key');
    return caller;
  }
  const token = request.cookies[SESSION_COOKIE];
  if (!token) throw unauthorized();
  const session = await resolveSession(db, token);
  if (!session) throw unauthorized('Session expired');
  const caller = await callerForUser(db, session.user, session.tokenHash);
  if (!caller) throw unauthorized();
  if (UNSAFE.has(request.method) && request.headers[CSRF_HEADER] !== CSRF_VALUE) {
    throw forbidden(`Missing ${CSRF_HEADER} header`);
  }
  return caller;
}

export function registerAuthentication(app: FastifyInstance, db: Db) {
  app.addHook('onRequest', async (request) => {
    if (
      !request.url.startsWith('/api/') ||
      request.url.startsWith('/api/docs') ||
      request.routeOptions.config?.public
    )
      return;
    if (!request.routeOptions.url) return; // unknown route: let the 404 handler answer
    request.caller = await authenticate(db, request);
  });
}
