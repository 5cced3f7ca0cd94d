/**
 * Sign-ins (password, code, single sign-on), refused sign-ins with their reason, sign-outs and
 * password resets. They have no caller yet, so the account is found from what the request names;
 * a refusal's writes (failure counters, lockout) must stick, so the row is written in a transaction
 * of its own after the answer is decided. A refused sign-in of an unknown account is recorded
 * without a user id, under the name that was tried, in the chain of the organization the host's
 * subdomain names, else the first organization (the deployment's own, whose Super Admins run it).
 * A refused second-factor code is recorded for the account its pending sign-in belongs to.
 */

import { asc } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { organizations } from '../../db/schema.js';
import { sha256 } from '../../platform/crypto.js';
import { findOrgBySubdomain, subdomainOf } from '../../platform/host.js';
import { inRequestTransaction } from '../../platform/request-tx.js';
import { resolveSession, SESSION_COOKIE } from '../../platform/sessions.js';
import { findPending } from '../totp/repository.js';
import { findUsableToken } from '../users/set-password-tokens.js';
import { clientOf } from './actors.js';
import { type AuditEntry, appendAuditRows, userById, usersByUsername } from './repository.js';

export type SignInPlan = 'password' | 'code' | 'enrol' | 'logout' | 'password-reset';

const PLANS: Record<string, SignInPlan> = {
  'POST /api/auth/login': 'password',
  'POST /api/auth/totp': 'code',
  'POST /api/auth/totp/enrol': 'enrol',
  'POST /api/auth/logout': 'logout',
  'POST /api/auth/passwordreset': 'password-reset',
};

export const signInPlan = (method: string, url: string): SignInPlan | undefined => PLANS[`${method} ${url}`];

type Account = { id: string; orgId: string; name: string; username: string };

const userActor = (a: Account) => ({ type: 'user', id: a.id, name: a.name || a.username });

/** Who the request is about, found before the handler runs (a session or token it consumes). */
async function accountBefore(db: Db, plan: SignInPlan, req: FastifyRequest): Promise<Account | undefined> {
  if (plan === 'logout') {
    const token = req.cookies[SESSION_COOKIE];
    const session = token ? await resolveSession(db, token) : undefined;
    return session?.user;
  }
  if (plan === 'code' || plan === 'enrol') {
    const token = (req.body as { pendingToken?: unknown } | undefined)?.pendingToken;
    const pending = typeof token === 'string' ? await findPending(db, sha256(token)) : undefined;
    return pending ? userById(db, pending.userId) : undefined;
  }
  if (plan === 'password-reset') {
    const token = (req.body as { token?: unknown } | undefined)?.token;
    const userId = typeof token === 'string' ? await findUsableToken(db, token) : undefined;
    return userId ? userById(db, userId) : undefined;
  }
  return undefined;
}

export async function recordSignIn(
  db: Db,
  plan: SignInPlan,
  req: FastifyRequest,
  reply: FastifyReply,
  handle: () => unknown,
) {
  const known = await accountBefore(db, plan, req).catch(() => undefined);
  const client = clientOf(req);
  const rowsFor = (account: Account, action: string, changes?: Record<string, unknown>): AuditEntry => ({
    orgId: account.orgId,
    actor: userActor(account),
    ...client,
    action,
    resource: 'users',
    resourceId: account.id,
    changes: changes ?? null,
  });
  let result: unknown;
  try {
    result = await handle();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'refused';
    const entries: AuditEntry[] = [];
    if (plan === 'password') {
      const username = (req.body as { username?: unknown } | undefined)?.username;
      const accounts = typeof username === 'string' ? await usersByUsername(db, username) : [];
      entries.push(...accounts.map((a) => rowsFor(a, 'login-failed', { reason, method: 'password' })));
      const orgId =
        !accounts.length && typeof username === 'string' ? await refusalOrg(db, req.headers.host) : undefined;
      if (orgId)
        entries.push({
          orgId,
          actor: { type: 'user', id: null, name: username as string },
          ...client,
          action: 'login-failed',
          resource: 'users',
          changes: { reason, method: 'password', username, account: 'unknown' },
        });
    }
    if ((plan === 'code' || plan === 'enrol') && known)
      entries.push(rowsFor(known, 'login-failed', { reason, method: 'totp' }));
    if (entries.length) await inRequestTransaction(db, (tx) => appendAuditRows(tx, entries));
    throw error;
  }
  if (reply.statusCode >= 400) return result;
  const entries: AuditEntry[] = [];
  const signedIn = idOf(result);
  const account = known ?? (signedIn ? await userById(db, signedIn) : undefined);
  if (account) {
    if (plan === 'logout') entries.push(rowsFor(account, 'logout'));
    if (plan === 'password-reset') entries.push(rowsFor(account, 'password-reset'));
    if (plan === 'enrol') entries.push(rowsFor(account, 'totp-enrol'));
    if (plan === 'password' || plan === 'code' || plan === 'enrol')
      entries.push(rowsFor(account, 'login', { method: plan === 'password' ? 'password' : 'totp' }));
  }
  if (entries.length) await inRequestTransaction(db, (tx) => appendAuditRows(tx, entries));
  return result;
}

/**
 * The chain a sign-in refusal that names no account goes to: the organization of the host's
 * subdomain, else the first organization created.
 */
export async function refusalOrg(db: Db, host: string | undefined): Promise<string | undefined> {
  const subdomain = subdomainOf(host);
  const named = subdomain ? await findOrgBySubdomain(db, subdomain) : undefined;
  if (named) return named.id;
  const [first] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .orderBy(asc(organizations.timeCreated), asc(organizations.id))
    .limit(1);
  return first?.id;
}

/** The signed-in user's id of an answer (the user, or `{ user }` after enrolment). */
function idOf(result: unknown): string | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const r = result as { id?: unknown; user?: { id?: unknown } };
  const id = r.id ?? r.user?.id;
  return typeof id === 'string' ? id : undefined;
}
