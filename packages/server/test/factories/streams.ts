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
import { clientWith, login, makeOrg, makeSite, makeSuperAdmin, makeUser, PASSWORD } from '../factories.js';

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

export interface PreparedRevocation {
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

async function apiKeyOf(app: App, t: Awaited<ReturnType<typeof tenant>>) {
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

const viewerInput = (t: Awaited<ReturnType<typeof tenant>>, sites: string[], roles = [ROLE_IDS.viewer]) => ({
  name: 'Viewer',
  username: t.viewer.username,
  roles,
  securityCtx: { sites, companies: [] },
});

export const REVOCATIONS: Revocation[] = [
  {
    name: 'logout',
    async prepare(app) {
      const t = await tenant(app);
      const cookie = t.viewerLogin.cookie;
      return {
        auth: { cookie },
        orgId: t.org.id,
        siteId: t.site.id,
        status: 401,
        revoke: async (on) =>
          void (await ok('logout', clientWith(on, { cookie }).request('POST', '/api/auth/logout'))),
      };
    },
  },
  {
    name: 'own password change (ends the other sessions)',
    async prepare(app) {
      const t = await tenant(app);
      const second = await login(app, t.viewer.username, PASSWORD, t.viewer.id);
      return {
        auth: { cookie: t.viewerLogin.cookie },
        orgId: t.org.id,
        siteId: t.site.id,
        status: 401,
        revoke: async (on) =>
          void (await ok(
            'password change',
            clientWith(on, { cookie: second.cookie }).request('PUT', '/api/users/me', {
              name: 'Viewer',
              username: t.viewer.username,
              password: 'Another-Granite-Puffin-91',
              currentPassword: PASSWORD,
            }),
          )),
      };
    },
  },
  {
    name: "an admin's password reset",
    async prepare(app) {
      const t = await tenant(app);
      return {
        auth: { cookie: t.viewerLogin.cookie },
        orgId: t.org.id,
        siteId: t.site.id,
        status: 401,
        revoke: async (on) =>
          void (await ok(
            'password reset',
            t.asAdmin(on).request('PUT', `/api/users/${t.viewer.id}`, {
              ...viewerInput(t, [t.site.id]),
              password: 'Another-Granite-Puffin-91',
            }),
          )),
      };
    },
  },
  {
    name: 'account locked by failed sign-ins',
    async prepare(app) {
      const t = await tenant(app);
      return {
        auth: { cookie: t.viewerLogin.cookie },
        orgId: t.org.id,
        siteId: t.site.id,
        status: 401,
        revoke: async (on) => {
          for (let i = 0; i < 10; i += 1) await recordFailure(on.ctx.db, t.viewer.username, '10.9.9.9', 10);
        },
      };
    },
  },
  {
    name: 'user deleted',
    async prepare(app) {
      const t = await tenant(app);
      return {
        auth: { cookie: t.viewerLogin.cookie },
        orgId: t.org.id,
        siteId: t.site.id,
        status: 401,
        revoke: async (on) =>
          void (await ok('delete user', t.asAdmin(on).request('DELETE', `/api/users/${t.viewer.id}`))),
      };
    },
  },
  {
    name: "user's sites changed",
    async prepare(app) {
      const t = await tenant(app);
      return {
        auth: { cookie: t.viewerLogin.cookie },
        orgId: t.org.id,
        siteId: t.site.id,
        status: 404,
        revoke: async (on) =>
          void (await ok(
            'change sites',
            t.asAdmin(on).request('PUT', `/api/users/${t.viewer.id}`, viewerInput(t, [t.other.id])),
          )),
      };
    },
  },
  {
    name: 'role change that removes the site',
    async prepare(app) {
      // A Super Admin sees every site whatever its own list says; back to Viewer it has the other site only.
      const t = await tenant(app, (_, other) => [other]);
      const superAdmin = await makeSuperAdmin(app, t.org.id);
      await app.ctx.db
        .update(users)
        .set({ roles: [ROLE_IDS.superAdmin] })
        .where(eq(users.id, t.viewer.id));
      return {
        auth: { cookie: t.viewerLogin.cookie },
        orgId: t.org.id,
        siteId: t.site.id,
        status: 404,
        revoke: async (on) =>
          void (await ok(
            'change roles',
            clientWith(on, { cookie: superAdmin.cookie }).request(
              'PUT',
              `/api/users/${t.viewer.id}`,
              viewerInput(t, [t.other.id]),
            ),
          )),
      };
    },
  },
  {
    name: 'site deleted',
    async prepare(app) {
      const t = await tenant(app);
      return {
        auth: { cookie: t.viewerLogin.cookie },
        orgId: t.org.id,
        siteId: t.site.id,
        status: 404,
        revoke: async (on) =>
          void (await ok('delete site', t.asAdmin(on).request('DELETE', `/api/sites/${t.site.id}`))),
      };
    },
  },
  {
    name: 'API key deleted',
    async prepare(app) {
      const t = await tenant(app);
      const key = await apiKeyOf(app, t);
      return {
        auth: { bearer: key.token },
        orgId: t.org.id,
        siteId: t.site.id,
        status: 401,
        revoke: async (on) =>
          void (await ok('delete API key', t.asAdmin(on).request('DELETE', `/api/apikeys/${key.id}`))),
      };
    },
  },
  {
    name: "API key's site deleted",
    async prepare(app) {
      const t = await tenant(app);
      const key = await apiKeyOf(app, t);
      return {
        auth: { bearer: key.token },
        orgId: t.org.id,
        siteId: t.site.id,
        status: 404,
        revoke: async (on) =>
          void (await ok('delete site', t.asAdmin(on).request('DELETE', `/api/sites/${t.site.id}`))),
      };
    },
  },
  {
    name: 'organization deleted',
    async prepare(app) {
      const t = await tenant(app);
      const home = await makeOrg(app, 'Operator');
      const superAdmin = await makeSuperAdmin(app, home.id);
      return {
        auth: { cookie: t.viewerLogin.cookie },
        orgId: t.org.id,
        siteId: t.site.id,
        status: 401,
        revoke: async (on) =>
          void (await ok(
            'delete organization',
            clientWith(on, { cookie: superAdmin.cookie }).request('DELETE', `/api/organizations/${t.org.id}`),
          )),
      };
    },
  },
];
