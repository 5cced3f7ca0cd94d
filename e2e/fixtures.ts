/** Helpers for the journeys: sign in through the login page, and call the API as a signed-in user. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ALL_SITES, ROLE_IDS } from '@sightline/shared';

export const ADMIN = { email: 'admin@sightline.local', password: 'Sightline-Demo-2024!' };
export const DEMO_PASSWORD = ADMIN.password;
const OUTBOX = path.resolve(import.meta.dirname, `../.tmp/e2e-data-${process.env.E2E_PORT ?? '8181'}/outbox`);
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

/** The headers a reader authenticates with: its key as Bearer, its UUID in `x-endpoint-uuid`. */
export const readerHeaders = (endpoint: { uuid: string; key: string }, key = endpoint.key) => ({
  authorization: `Bearer ${key}`,
  'x-endpoint-uuid': endpoint.uuid,
});

export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
}

/** An API client with the admin's session and the CSRF header. */
export async function adminApi(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', {
    data: { username: ADMIN.email, password: ADMIN.password },
  });
  expect(res.ok()).toBeTruthy();
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  return {
    get: (url: string) => request.get(url),
    post: (url: string, data: unknown) => request.post(url, { data, headers }),
    put: (url: string, data: unknown) => request.put(url, { data, headers }),
    delete: (url: string) => request.delete(url, { headers }),
  };
}

/** The API client of `adminApi`. */
export type Api = Awaited<ReturnType<typeof adminApi>>;

/** The site the journeys work in: the first by name. */
export async function firstSite(api: Api): Promise<string> {
  const sites = (await (await api.get('/api/sites?sort=name')).json()) as { _id: string }[];
  return sites[0]?._id ?? '';
}

/** The password of the users the journeys create. */
export const USER_PASSWORD = 'Quiet-Harbor-Lantern-42';

/** A Viewer of every site who signs in with `USER_PASSWORD`; resolves with its email. */
export async function makeViewer(api: Api, name: string, emailPrefix: string): Promise<string> {
  const email = `${emailPrefix}-${uniq()}@example.com`;
  const res = await api.post('/api/users?send-email=false', {
    name,
    username: email,
    roles: [ROLE_IDS.viewer],
    securityCtx: { sites: [ALL_SITES] },
    password: USER_PASSWORD,
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return email;
}

/** A reader endpoint as the API returns it: its id, and the UUID and key it authenticates with. */
export interface Reader {
  _id: string;
  uuid: string;
  key: string;
}

export async function makeReader(api: Api, site: string, name: string): Promise<Reader> {
  const res = await api.post('/api/endpoints', { name, site });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Reader;
}

/** A random 96-bit EPC, as hex. */
export const randomEpc = () =>
  `E280${Array.from({ length: 20 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('')}`;

/** Sends sightings in the native format, as the reader would. */
export async function ingest(
  request: APIRequestContext,
  reader: { uuid: string; key: string },
  sightings: unknown[],
) {
  const res = await request.post('/api/ingest/sightings', {
    headers: readerHeaders(reader),
    data: { sightings },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** The newest mail in the outbox whose text contains `needle`; mails are sent just after the reply, so wait a little. */
export async function latestMail(needle: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = existsSync(OUTBOX) ? readdirSync(OUTBOX).sort().reverse() : [];
    for (const f of files) {
      // Mail bodies are quoted-printable: undo soft line breaks and escaped '='.
      const text = readFileSync(path.join(OUTBOX, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (text.includes(needle)) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail containing ${needle}`);
}

export const uniq = () => Math.random().toString(36).slice(2, 8);
