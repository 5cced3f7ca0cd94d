/**
 * Limited users meet no dead ends: every screen route of the console's feature registry (the list
 * the router itself is built from, so a screen is covered the day it is added) is opened as a
 * Viewer and as a site-limited Manager. Each visit fails on a raw refusal text ('Forbidden',
 * 'permission to'), on any request answering 403, and, for the Viewer, on any Save, Delete,
 * Reset Password or upload control that is offered. Then the journeys around deletes, missing
 * records, screens without access and the end of a session.
 */

import { type APIRequestContext, expect, type Page, type Response, test } from '@playwright/test';
import { ALL_SITES, ROLE_IDS } from '@sightline/shared';
import { features } from '../packages/web/src/features/index';
import { expectAccessible } from './a11y';
import { adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';

// axe is evaluated in the page, which the server's CSP (script-src 'self') would otherwise refuse.
test.use({ bypassCSP: true });
test.setTimeout(300_000);

const PASSWORD = 'Quiet-Harbor-Lantern-42';
const MISSING_ID = 'ffffffffffffffffffffffff';
const NO_ACCESS = "You don't have access to this page";
const RAW_REFUSAL = /Forbidden|permission to/i;
const OFFERED_CONTROL = /^(Save|Delete|Reset Password|Upload.*|Choose image|Replace image|Import)$/;

/**
 * Where each routed screen's records are listed, by the route's first segment: a record of it fills
 * `:id`. A new route with an `:id` fails here until its list is named.
 */
const RECORDS_OF: Record<string, string> = {
  users: 'users',
  apikeys: 'apikeys',
  categories: 'categories',
  zones: 'zones',
  maps: 'maps',
  locationtags: 'locationtags',
  sites: 'sites',
  organizations: 'organizations',
  reportconfigs: 'reportconfigs',
  endpoints: 'endpoints',
  webhooks: 'webhooks',
  items: 'things?class=item',
  workers: 'things?class=worker',
  things: 'things',
  images: 'images',
  exceptions: 'exceptions',
  mapview: 'maps',
  reports: 'reportconfigs',
};
/** Routes whose `:id` is a record editor that also creates ('new'). */
const CREATES = new Set([
  'users',
  'apikeys',
  'categories',
  'zones',
  'maps',
  'locationtags',
  'sites',
  'organizations',
  'reportconfigs',
  'endpoints',
  'webhooks',
  'items',
  'workers',
]);

/** Screens that are every user's own (the profile): saving there needs no right. */
const OWN_SCREENS = new Set(['userme']);

const routePaths = features.flatMap((f) => (f.routes ?? []).map((r) => r.path ?? '')).filter(Boolean);

type Api = Awaited<ReturnType<typeof adminApi>>;

async function firstId(api: Api, list: string, site: string): Promise<string> {
  const sep = list.includes('?') ? '&' : '?';
  const res = await api.get(`/api/${list}${sep}limit=1&site=${site}`);
  if (!res.ok()) return MISSING_ID;
  const rows = (await res.json()) as { _id?: string; id?: string }[];
  return rows[0]?._id ?? rows[0]?.id ?? MISSING_ID;
}

/** Every registry route as concrete paths: `:id` filled with a record of it, and with 'new'. */
async function screenPaths(api: Api, site: string): Promise<string[]> {
  const out: string[] = [];
  for (const path of routePaths) {
    if (!path.includes(':')) {
      out.push(path);
      continue;
    }
    const head = path.split('/')[0] ?? '';
    const list = RECORDS_OF[head];
    expect(list, `name where the records of route ${path} are listed`).toBeDefined();
    out.push(path.replace(':id', await firstId(api, list ?? '', site)));
    if (CREATES.has(head)) out.push(path.replace(':id', 'new'));
  }
  return out;
}

async function makeUser(api: Api, role: string, sites: string[]) {
  const email = `access-${uniq()}@example.com`;
  const res = await api.post('/api/users?send-email=false', {
    name: `Limited ${role.slice(-1)}`,
    username: email,
    roles: [role],
    securityCtx: { sites },
    password: PASSWORD,
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return email;
}

async function setUp(request: APIRequestContext) {
  const api = await adminApi(request);
  const sites = (await (await api.get('/api/sites?sort=name')).json()) as { _id: string }[];
  const site = sites[0]?._id ?? '';
  // A record of each admin screen, so editors are opened on a real record, not only on 'new'.
  await api.post('/api/apikeys', {
    name: `Access ${uniq()}`,
    roles: [ROLE_IDS.viewer],
    securityCtx: { sites: [ALL_SITES] },
  });
  await api.post('/api/webhooks', { event: 'seen', targetUrl: 'http://127.0.0.1:9/hook' });
  return { api, site };
}

/** Opens every path and collects what a limited user must never meet. */
async function walk(
  page: Page,
  site: string,
  paths: string[],
  options: { offersNothing: boolean; shots?: boolean },
) {
  const problems: string[] = [];
  let current = '';
  const onResponse = (res: Response) => {
    const url = new URL(res.url());
    if (res.status() === 403)
      problems.push(`${current}: ${res.request().method()} ${url.pathname} answered 403`);
    if (res.status() === 404 && url.pathname.startsWith('/auth/'))
      problems.push(`${current}: ${url.pathname} answered 404 (SSO availability asked needlessly)`);
  };
  page.on('response', onResponse);
  for (const path of paths) {
    current = path;
    await page.goto(`/${path}?site=${site}`);
    const heading = page.locator('main h1').first();
    if (
      !(await heading.waitFor({ timeout: 20_000 }).then(
        () => true,
        () => false,
      ))
    )
      problems.push(`${path}: shows no page heading`);
    // Let the screen's own requests settle before judging it.
    await page.waitForTimeout(700);
    const text = await page.locator('body').innerText();
    if (RAW_REFUSAL.test(text)) problems.push(`${path}: shows "${text.match(RAW_REFUSAL)?.[0]}"`);
    // Kept with the test's output, for a person to look at each screen as this user met it.
    if (options.shots)
      await page.screenshot({ path: test.info().outputPath(`${path.replaceAll('/', '_') || 'root'}.png`) });
    const noAccess = await page.getByText(NO_ACCESS).count();
    if (noAccess > 1) problems.push(`${path}: the no-access message shows ${noAccess} times`);
    if (options.offersNothing && !OWN_SCREENS.has(path)) {
      const offered = page.getByRole('button', { name: OFFERED_CONTROL });
      for (const control of await offered.all())
        if ((await control.isVisible()) && (await control.isEnabled()))
          problems.push(`${path}: offers "${(await control.innerText()).trim()}"`);
    }
  }
  page.off('response', onResponse);
  return problems;
}

test('a Viewer opens every screen of the registry without a dead end', async ({ page, request }) => {
  const { api, site } = await setUp(request);
  const paths = await screenPaths(api, site);
  const viewer = await makeUser(api, ROLE_IDS.viewer, [ALL_SITES]);
  await signIn(page, viewer, PASSWORD);
  const problems = await walk(page, site, paths, { offersNothing: true });
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a site-limited Manager opens every screen of the registry without a dead end', async ({
  page,
  request,
}) => {
  const { api, site } = await setUp(request);
  const paths = await screenPaths(api, site);
  const manager = await makeUser(api, ROLE_IDS.manager, [site]);
  await signIn(page, manager, PASSWORD);
  const problems = await walk(page, site, paths, { offersNothing: false });
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a site-limited Operator on a phone opens every screen of the registry without a dead end', async ({
  page,
  request,
}) => {
  const { api, site } = await setUp(request);
  const paths = await screenPaths(api, site);
  const operator = await makeUser(api, ROLE_IDS.operator, [site]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, operator, PASSWORD);
  const problems = await walk(page, site, paths, { offersNothing: false, shots: true });
  expect(problems, problems.join('\n')).toEqual([]);
});

test('a screen without access says so once and leads home', async ({ page, request }) => {
  const { api, site } = await setUp(request);
  const viewer = await makeUser(api, ROLE_IDS.viewer, [ALL_SITES]);
  await signIn(page, viewer, PASSWORD);
  for (const path of [
    'ssosettings',
    'users',
    'users/new',
    'apikeys/new',
    'webhooks',
    'import',
    'zones/new',
  ]) {
    await page.goto(`/${path}?site=${site}`);
    await expect(page.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
    await expect(page.getByText(NO_ACCESS)).toHaveCount(1);
    await expect(page.getByText(RAW_REFUSAL)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    // No form a Viewer could not submit.
    await expect(page.locator('main').getByRole('textbox')).toHaveCount(0);
  }
  await page.goto(`/ssosettings?site=${site}`);
  await expect(page.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/no-access.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/no-access-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/home\?site=/);
});

test("a Viewer's record editors are read only: fields disabled, nothing to save, delete or upload", async ({
  page,
  request,
}) => {
  const { api, site } = await setUp(request);
  const zone = await firstId(api, 'zones', site);
  const map = await firstId(api, 'maps', site);
  const viewer = await makeUser(api, ROLE_IDS.viewer, [ALL_SITES]);
  await signIn(page, viewer, PASSWORD);
  for (const path of [`zones/${zone}`, `maps/${map}`]) {
    await page.goto(`/${path}?site=${site}`);
    await expect(page.getByText(/You can view this .* but not change it/)).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: OFFERED_CONTROL })).toHaveCount(0);
    await expectAccessible(page, 'main');
  }
  await page.screenshot({ path: `${SCREENSHOTS}/viewer-map-editor.png` });
});

test("a Viewer reads the site's settings: every field disabled, no Save", async ({ page, request }) => {
  // The Viewer may read site settings (reading needs only the site; saving needs modify on
  // settings), so the screen opens read only, like the other editors.
  const { api, site } = await setUp(request);
  const viewer = await makeUser(api, ROLE_IDS.viewer, [ALL_SITES]);
  await signIn(page, viewer, PASSWORD);
  await page.goto(`/settings?site=${site}`);
  await expect(page.getByRole('heading', { name: 'Organization Settings' })).toBeVisible();
  await expect(page.getByText("You can view this site's settings but not change it.")).toBeVisible();
  for (const [tab, field] of [
    ['Labels', 'Item Label'],
    ['Things', 'Tag Prefix'],
    ['Import', 'Require Zone on Import'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByLabel(field, { exact: true })).toBeDisabled();
    // Every input of the tab, not only the one named.
    const inputs = page.getByRole('tabpanel').locator('input:not([type=hidden]), textarea');
    expect(await inputs.count(), `${tab}: inputs`).toBeGreaterThan(0);
    for (const input of await inputs.all())
      if (await input.isVisible()) await expect(input, `${tab}: an input`).toBeDisabled();
    await expect(page.getByRole('button', { name: OFFERED_CONTROL })).toHaveCount(0);
  }
  await expectAccessible(page, 'main');
  await page.getByRole('tab', { name: 'Labels' }).click();
  await expect(page.getByRole('tab', { name: 'Labels' })).toHaveAttribute('aria-selected', 'true');
  // The tab's underline slides for 300 ms.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENSHOTS}/viewer-settings.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByLabel('Item Label', { exact: true })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/viewer-settings-phone.png`, fullPage: true });
});

test("a Viewer's own user editor is read only, at desktop and phone width", async ({ page, request }) => {
  // Other users' records need create on users (the no-access page); one's own opens read only.
  const { api, site } = await setUp(request);
  const viewer = await makeUser(api, ROLE_IDS.viewer, [ALL_SITES]);
  await signIn(page, viewer, PASSWORD);
  const me = (await (await page.request.get('/api/users/me')).json()) as { id: string };
  await page.goto(`/users/${me.id}?site=${site}`);
  await expect(page.getByText('You can view this user but not change it.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: OFFERED_CONTROL })).toHaveCount(0);
  await expect(page.getByText(RAW_REFUSAL)).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/viewer-user-editor.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  await expectAccessible(page, 'main');
  await page.screenshot({ path: `${SCREENSHOTS}/viewer-user-editor-phone.png` });
});

test('deleting from an editor returns to the list, says so, and never asks for the record again', async ({
  page,
  request,
}) => {
  const { api } = await setUp(request);
  const key = await api.post('/api/apikeys', {
    name: `Doomed key ${uniq()}`,
    roles: [ROLE_IDS.viewer],
    securityCtx: { sites: [ALL_SITES] },
  });
  const hook = await api.post('/api/webhooks', { event: 'seen', targetUrl: 'http://127.0.0.1:9/doomed' });
  const category = await api.post('/api/categories', { name: `Doomed ${uniq()}` });
  const cases = [
    { path: 'apikeys', record: (await key.json()) as { _id: string; name: string }, confirm: "I'm Sure" },
    { path: 'webhooks', record: (await hook.json()) as { id: string }, confirm: 'Delete' },
    {
      path: 'categories',
      record: (await category.json()) as { id: string; name: string },
      confirm: 'Delete',
    },
  ];
  await signIn(page);
  for (const { path, record, confirm } of cases) {
    const id = (record as { _id?: string; id?: string })._id ?? (record as { id: string }).id;
    await page.goto(`/${path}/${id}`);
    await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
    const asked: string[] = [];
    let deleted = false;
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (req.method() === 'DELETE' && url.pathname.endsWith(`/${id}`)) deleted = true;
      else if (deleted && req.method() === 'GET' && url.pathname.endsWith(`/${id}`)) asked.push(url.pathname);
    });
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
    await expect(page).toHaveURL(new RegExp(`/${path}\\?`));
    await expect(page.getByText(/^Deleted /)).toBeVisible();
    await expect(page.getByText(/Failed to load|not found/i)).toHaveCount(0);
    await page.waitForTimeout(1000);
    expect(asked, `${path}: the deleted record was asked for again`).toEqual([]);
    page.removeAllListeners('request');
  }
});

test('a missing record says so once and leads back to its list, without Try again', async ({ page }) => {
  await signIn(page);
  await page.goto(`/zones/${MISSING_ID}`);
  await expect(page.getByRole('heading', { name: 'This zone does not exist' })).toBeVisible();
  await expect(page.getByText(/zone not found/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.waitForTimeout(500);
  await expect(page.getByRole('alert').filter({ hasText: /Failed to load/ })).toHaveCount(0);
  await expectAccessible(page, 'main');
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await expect(page).toHaveURL(/\/zones\?/);
});

test('after a logout in another tab the Events page goes to login without a burst of refused calls', async ({
  context,
}) => {
  const events = await context.newPage();
  await signIn(events);
  await events.goto('/events');
  await expect(events.getByRole('heading', { name: 'Events' })).toBeVisible();
  await events.waitForTimeout(1000);
  const refused: string[] = [];
  let signedIn = true;
  const afterLogin: string[] = [];
  events.on('response', (res) => {
    const url = new URL(res.url());
    if (res.status() === 401) refused.push(url.pathname);
    if (!signedIn && url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/'))
      afterLogin.push(url.pathname);
  });
  const other = await context.newPage();
  await other.goto('/events');
  await expect(other.getByRole('heading', { name: 'Events' })).toBeVisible();
  await other.getByRole('button', { name: /Profile menu/ }).click();
  await other.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(other).toHaveURL(/\/login/);

  await expect(events).toHaveURL(/\/login\?referer=/, { timeout: 15_000 });
  signedIn = false;
  await events.waitForTimeout(6000);
  expect(refused.length, refused.join('\n')).toBeLessThanOrEqual(2);
  expect(afterLogin, 'calls after landing on the login page').toEqual([]);
});
