/**
 * Long-lived responses (Server-Sent Events) over real HTTP — an injected request cannot stay open —
 * and every way a credential loses its right to a stream. Each revocation prepares a signed-in
 * user or an API key that may watch a site, and a `revoke` that takes the right away through the
 * API of whichever instance it is given (the database is shared, so any instance may do it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLE_IDS } from '@sightline/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.js';
import { recordFailure } from '../../src/features/loginlimits/repository.js';
import type { App } from '../../src/platform/context.js';
import {
  clientWith,
  login,
  makeOrg,
  makeSite,
  makeSuperAdmin,
  makeUser,
  PASSWORD,
  randomIp,
} from './app.factory.js';

export interface StreamAuth {
  cookie?: string;
  bearer?: string;
}

export interface OpenStream {
  status: number;
  /** Everything received so far (the whole body of a refused request). */
  text(): string;
  /** Whether the server has ended the response. */
  isEnded(): boolean;
  /** Resolves with `Date.now()` when the server ends the response. */
  ended: Promise<number>;
  /** Ends the stream from the client's side. */
  close(): void;
}

/** One Server-Sent Event of a stream: its `event:` name and its `data:` as JSON. */
export interface StreamFrame {
  type: string;
  data: Record<string, unknown>;
}

/** The events received so far, in order. */
export function framesOf(stream: OpenStream): StreamFrame[] {
  return stream
    .text()
    .split('\n\n')
    .flatMap((block) => {
      const type = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return type && data ? [{ type, data: JSON.parse(data) as Record<string, unknown> }] : [];
    });
}

/** The port of an app listening on 127.0.0.1 (started on first use). */
export async function portOf(app: App): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** A GET whose response may never end; resolves once the status and headers are in. */
export function openStream(port: number, path: string, auth: StreamAuth): Promise<OpenStream> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (auth.cookie) headers.cookie = auth.cookie;
  if (auth.bearer) headers.authorization = `Bearer ${auth.bearer}`;
  return new Promise((resolve, reject) => {
    const req = http.get({ port, host: '127.0.0.1', path, headers }, (res) => {
      let body = '';
      let endedAt: number | undefined;
      const ended = new Promise<number>((done) => {
        const end = () => {
          endedAt ??= Date.now();
          done(endedAt);
        };
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
      });
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      resolve({
        status: res.statusCode ?? 0,
        text: () => body,
        isEnded: () => endedAt !== undefined,
        ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

/** Waits until `condition` holds, checking every 10 ms; fails after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** How long a revoked stream may stay open. */
export const REVOKED_STREAM_CLOSES_WITHIN_MS = 1000;

/** Milliseconds from `since` until the stream ended; Infinity when it is still open after `patienceMs`. */
export async function msUntilEnded(stream: OpenStream, since: number, patienceMs = 3000): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const patience = new Promise<number>((resolve) => {
    timer = setTimeout(() => resolve(Number.POSITIVE_INFINITY), patienceMs);
  });
  try {
    return (await Promise.race([stream.ended, patience])) - since;
  } finally {
    clearTimeout(timer);
  }
}

interface PreparedRevocation {
  auth: StreamAuth;
  orgId: string;
  siteId: string;
  /** Takes the credential's right to the stream away, through `app`'s API. */
  revoke(app: App): Promise<void>;
  /** The answer REST gives the credential afterwards: 401 (credential gone) or 404 (site out of reach). */
  status: 401 | 404;
}

export interface Revocation {
  name: string;
  prepare(app: App): Promise<PreparedRevocation>;
}

async function ok(what: string, res: Promise<{ statusCode: number; body: string }>) {
  const answer = await res;
  if (answer.statusCode >= 300) throw new Error(`${what}: ${answer.statusCode} ${answer.body}`);
  return answer;
}

/** An organization with two sites, an admin (all sites) and a viewer of the first site. */
async function tenant(app: App, viewerSites?: (first: string, second: string) => string[]) {
  const org = await makeOrg(app, 'Streams');
  const site = await makeSite(app, org.id);
  const other = await makeSite(app, org.id);
  const admin = await makeUser(app, org.id, { role: 'admin' });
  const adminLogin = await login(app, admin.username, PASSWORD, admin.id);
  const viewer = await makeUser(app, org.id, {
    role: 'viewer',
    sites: viewerSites?.(site.id, other.id) ?? [site.id],
  });
  const viewerLogin = await login(app, viewer.username, PASSWORD, viewer.id);
  const asAdmin = (on: App) => clientWith(on, { cookie: adminLogin.cookie });
  return { org, site, other, admin, viewer, viewerLogin, asAdmin };
}

type Tenant = Awaited<ReturnType<typeof tenant>>;

async function apiKeyOf(app: App, t: Tenant) {
  const res = await ok(
    'create API key',
    t.asAdmin(app).request('POST', '/api/apikeys', {
      name: 'stream key',
      roles: [ROLE_IDS.viewer],
      securityCtx: { sites: [t.site.id] },
    }),
  );
  const key = JSON.parse(res.body) as { _id: string; token: string };
  return { id: key._id, token: key.token };
}

const viewerInput = (t: Tenant, sites: string[], roles = [ROLE_IDS.viewer]) => ({
  name: 'Viewer',
  username: t.viewer.username,
  roles,
  securityCtx: { sites, companies: [] },
});

/** What a case arms in its tenant: the credential (default: the viewer's session) and how to revoke it. */
interface Armed {
  auth?: StreamAuth;
  revoke(on: App): Promise<unknown>;
}

/**
 * A revocation case on the tenant's first site: `arm` prepares the tenant and says how the right
 * is taken away; `status` is what REST answers the credential afterwards.
 */
function revocation(
  name: string,
  status: PreparedRevocation['status'],
  arm: (app: App, t: Tenant) => Armed | Promise<Armed>,
  viewerSites?: (first: string, second: string) => string[],
): Revocation {
  return {
    name,
    async prepare(app) {
      const t = await tenant(app, viewerSites);
      const { auth, revoke } = await arm(app, t);
      return {
        auth: auth ?? { cookie: t.viewerLogin.cookie },
        orgId: t.org.id,
        siteId: t.site.id,
        status,
        revoke: async (on) => void (await revoke(on)),
      };
    },
  };
}

/** A revocation case whose credential is an API key of the viewer's role on the first site. */
const apiKeyRevocation = (
  name: string,
  status: PreparedRevocation['status'],
  revoke: (on: App, t: Tenant, keyId: string) => Promise<unknown>,
) =>
  revocation(name, status, async (app, t) => {
    const key = await apiKeyOf(app, t);
    return { auth: { bearer: key.token }, revoke: (on) => revoke(on, t, key.id) };
  });

export const REVOCATIONS: Revocation[] = [
  revocation('logout', 401, (_, t) => ({
    revoke: (on) =>
      ok('logout', clientWith(on, { cookie: t.viewerLogin.cookie }).request('POST', '/api/auth/logout')),
  })),
  revocation('own password change (ends the other sessions)', 401, async (app, t) => {
    const second = await login(app, t.viewer.username, PASSWORD, t.viewer.id);
    return {
      revoke: (on) =>
        ok(
          'password change',
          clientWith(on, { cookie: second.cookie }).request('PUT', '/api/users/me', {
            name: 'Viewer',
            username: t.viewer.username,
            password: 'Another-Granite-Puffin-91',
            currentPassword: PASSWORD,
          }),
        ),
    };
  }),
  revocation("an admin's password reset", 401, (_, t) => ({
    revoke: (on) =>
      ok(
        'password reset',
        t.asAdmin(on).request('PUT', `/api/users/${t.viewer.id}`, {
          ...viewerInput(t, [t.site.id]),
          password: 'Another-Granite-Puffin-91',
        }),
      ),
  })),
  revocation('account locked by failed sign-ins', 401, (_, t) => ({
    revoke: async (on) => {
      // An address of its own: the failures lock the account, and count against no other test's address.
      const ip = randomIp();
      for (let i = 0; i < 10; i += 1) await recordFailure(on.ctx.db, t.viewer.username, ip, 10);
    },
  })),
  revocation('user deleted', 401, (_, t) => ({
    revoke: (on) => ok('delete user', t.asAdmin(on).request('DELETE', `/api/users/${t.viewer.id}`)),
  })),
  revocation("user's sites changed", 404, (_, t) => ({
    revoke: (on) =>
      ok(
        'change sites',
        t.asAdmin(on).request('PUT', `/api/users/${t.viewer.id}`, viewerInput(t, [t.other.id])),
      ),
  })),
  // A Super Admin sees every site whatever its own list says; back to Viewer it has the other site only.
  revocation(
    'role change that removes the site',
    404,
    async (app, t) => {
      const superAdmin = await makeSuperAdmin(app, t.org.id);
      await app.ctx.db
        .update(users)
        .set({ roles: [ROLE_IDS.superAdmin] })
        .where(eq(users.id, t.viewer.id));
      return {
        revoke: (on) =>
          ok(
            'change roles',
            clientWith(on, { cookie: superAdmin.cookie }).request(
              'PUT',
              `/api/users/${t.viewer.id}`,
              viewerInput(t, [t.other.id]),
            ),
          ),
      };
    },
    (_, other) => [other],
  ),
  revocation('site deleted', 404, (_, t) => ({
    revoke: (on) => ok('delete site', t.asAdmin(on).request('DELETE', `/api/sites/${t.site.id}`)),
  })),
  apiKeyRevocation('API key deleted', 401, (on, t, keyId) =>
    ok('delete API key', t.asAdmin(on).request('DELETE', `/api/apikeys/${keyId}`)),
  ),
  apiKeyRevocation("API key's site deleted", 404, (on, t) =>
    ok('delete site', t.asAdmin(on).request('DELETE', `/api/sites/${t.site.id}`)),
  ),
  revocation('organization deleted', 401, async (app, t) => {
    const home = await makeOrg(app, 'Operator');
    const superAdmin = await makeSuperAdmin(app, home.id);
    return {
      revoke: (on) =>
        ok(
          'delete organization',
          clientWith(on, { cookie: superAdmin.cookie }).request('DELETE', `/api/organizations/${t.org.id}`),
        ),
    };
  }),
];
