/**
 * Phones and details: the phone map fills the screen and zooms and pans; the image detail takes
 * focus and Escape leaves it; the selection mark shows on any photo; the password-reset page checks
 * its link before anything is typed and loads the strength checker only when typing starts; the
 * login page asks for its sign-in options without a 404; every icon-only button has a name and a
 * tooltip; phone lists hold still; axe on the screens touched, at desktop and phone width.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ALL_SITES, ROLE_IDS } from '@sightline/shared';
import { expectAccessible, expectRulesPass } from './a11y';
import { adminApi, DEMO_PASSWORD, latestMail, SCREENSHOTS, signIn, uniq } from './fixtures';

const PHONE = { width: 390, height: 844 };

async function firstSite(request: APIRequestContext) {
  const api = await adminApi(request);
  const sites = (await (await api.get('/api/sites?sort=name')).json()) as { _id: string }[];
  return { api, site: sites[0]?._id ?? '' };
}

/** Icon-only buttons (no visible text) of the page: each needs a name and a tooltip (MUI's on hover, or a title). */
async function iconButtonsWithoutTooltip(page: Page, scope = 'body'): Promise<string[]> {
  // Tab scroll arrows are no buttons to assistive technology (MUI leaves them out of the tab order), but a
  // pointer user sees an icon alone: they need a tooltip too.
  const buttons = page.locator(
    `${scope} button, ${scope} a[role="button"], ${scope} [role="button"], ${scope} .MuiTabs-scrollButtons`,
  );
  const problems: string[] = [];
  const count = await buttons.count();
  for (let i = 0; i < count; i += 1) {
    const button = buttons.nth(i);
    if (!(await button.isVisible())) continue;
    const info = await button.evaluate((el) => ({
      text: (el as HTMLElement).innerText.trim(),
      name: el.getAttribute('aria-label') ?? el.getAttribute('aria-labelledby') ?? '',
      title: el.getAttribute('title') ?? '',
      disabled:
        (el as HTMLButtonElement).disabled ||
        el.getAttribute('aria-disabled') === 'true' ||
        el.classList.contains('Mui-disabled'),
      html: el.outerHTML.slice(0, 120),
      svg: el.querySelector('svg') !== null,
      // Out of the accessibility tree by design (the arrow keys move between tabs): a tooltip is enough.
      arrow: el.classList.contains('MuiTabs-scrollButtons'),
    }));
    if (info.text !== '' || !info.svg) continue;
    if (!info.name && !info.arrow) {
      problems.push(`no name: ${info.html}`);
      continue;
    }
    if (info.title || info.disabled) continue;
    await button.hover();
    const tip = page.getByRole('tooltip');
    const shown = await tip
      .first()
      .waitFor({ state: 'visible', timeout: 1500 })
      .then(() => true)
      .catch(() => false);
    if (!shown) problems.push(`no tooltip: ${info.name}`);
    await page.mouse.move(0, 0);
    await tip
      .first()
      .waitFor({ state: 'hidden', timeout: 1500 })
      .catch(() => undefined);
  }
  return problems;
}

test.describe('phones and details', () => {
  test.setTimeout(180_000);

  test('the phone map fills the screen, zooms and pans, and its room names are readable', async ({
    browser,
    request,
  }) => {
    const { api, site } = await firstSite(request);
    const maps = (await (await api.get(`/api/maps?site=${site}`)).json()) as { _id: string }[];
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`/mapview/${maps[0]?._id}?site=${site}`);
    const map = page.getByTestId('thing-map');
    const plan = map.locator('.leaflet-image-layer');
    await expect(plan).toBeVisible();
    await page.waitForTimeout(500); // the page settles; the first view follows the map's size
    const box = await map.boundingBox();
    const planBox = await plan.boundingBox();
    if (!box || !planBox) throw new Error('no map');
    // The map takes most of the screen's height, and the plan covers all of the map.
    expect(box.height).toBeGreaterThan(PHONE.height * 0.6);
    expect(box.width).toBeGreaterThan(PHONE.width - 40);
    const overlap =
      Math.max(0, Math.min(box.x + box.width, planBox.x + planBox.width) - Math.max(box.x, planBox.x)) *
      Math.max(0, Math.min(box.y + box.height, planBox.y + planBox.height) - Math.max(box.y, planBox.y));
    expect(overlap / (box.width * box.height)).toBeGreaterThan(0.97);
    // The demo plan is 600 units high with 22-unit room names: at this scale at least 16 px.
    expect((planBox.height / 600) * 22).toBeGreaterThanOrEqual(16);
    await page.screenshot({ path: `${SCREENSHOTS}/map-phone.png` });
    // Pinch zoom is on; dragging pans (the plan moves with the finger), and the zoom buttons work.
    await expect(map).toHaveClass(/leaflet-touch-zoom/);
    await expect(map).toHaveClass(/leaflet-touch-drag/);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(async () => ((await plan.boundingBox())?.x ?? planBox.x) - planBox.x)
      .toBeGreaterThan(60);
    const before = (await plan.boundingBox())?.width ?? 0;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await plan.boundingBox())?.width ?? 0).toBeGreaterThan(before * 1.5);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expectAccessible(page);
    await context.close();
  });

  test('the endpoint key, image detail focus and Escape, and the selection mark on light and dark photos', async ({
    page,
    request,
  }) => {
    const { api, site } = await firstSite(request);
    const images = (await (await api.get(`/api/images?site=${site}&limit=5`)).json()) as { id: string }[];
    expect(images.length).toBeGreaterThan(1);
    await signIn(page);
    await page.goto(`/images?site=${site}`);
    const first = page.getByRole('button', { name: /^Open / }).first();
    await first.click();
    await expect(page).toHaveURL(/\/images\/[0-9a-f]{24}/);
    // Focus lands in the detail, on its title; the arrow keys and Escape act there.
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toBeFocused();
    await expectRulesPass(page, ['heading-order']);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/images\?/);
    await page.goto(`/images/${images[1]?.id}?site=${site}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/images\?/);

    // The selection mark: an opaque light disc with a dark ring, so it shows on white and on black.
    await page.getByRole('button', { name: 'Select images' }).click();
    const mark = page.getByTestId('selection-mark').first();
    await expect(mark).toBeVisible();
    const style = await mark.evaluate((el) => {
      const s = getComputedStyle(el);
      return { bg: s.backgroundColor, shadow: s.boxShadow };
    });
    expect(style.bg).toBe('rgb(255, 255, 255)');
    expect(style.shadow).toMatch(/rgba\(15, 23, 42, 0\.75\) 0px 0px 0px 2px/);
    await page
      .getByRole('button', { name: /^Select (?!images)/ })
      .first()
      .click();
    await page.screenshot({ path: `${SCREENSHOTS}/images-selecting.png` });
  });

  test('icon-only buttons have a name and a tooltip on the main screens', async ({ page, request }) => {
    const { api, site } = await firstSite(request);
    const endpoints = (await (await api.get(`/api/endpoints?site=${site}`)).json()) as { _id: string }[];
    const images = (await (await api.get(`/api/images?site=${site}&limit=1`)).json()) as { id: string }[];
    await signIn(page);
    const problems: string[] = [];
    for (const path of [
      'home',
      'items',
      'events',
      'images',
      `images/${images[0]?.id}`,
      `endpoints/${endpoints[0]?._id}`,
      'users',
      'apikeys',
    ]) {
      await page.goto(`/${path}?site=${site}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(300);
      for (const p of await iconButtonsWithoutTooltip(page)) problems.push(`${path}: ${p}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('icon-only buttons have a name and a tooltip in image selection, phone menus and editor tab arrows', async ({
    page,
    request,
  }) => {
    const { api, site } = await firstSite(request);
    const endpoints = (await (await api.get(`/api/endpoints?site=${site}`)).json()) as { _id: string }[];
    await signIn(page);
    const problems: string[] = [];
    const scan = async (what: string, scope?: string) => {
      for (const p of await iconButtonsWithoutTooltip(page, scope)) problems.push(`${what}: ${p}`);
    };
    // Images while selecting: each photo's selection button and the selection's actions.
    await page.goto(`/images?site=${site}`);
    await page.getByRole('button', { name: 'Select images' }).click();
    await page
      .getByRole('button', { name: /^Select (?!images)/ })
      .first()
      .click();
    await scan('images selecting');
    // A phone: the top bar, the menu drawer, and an editor whose tabs scroll.
    await page.setViewportSize(PHONE);
    const things = (await (await api.get(`/api/things?site=${site}&limit=1`)).json()) as { _id: string }[];
    let arrows = 0;
    for (const path of [
      'items',
      'images',
      `endpoints/${endpoints[0]?._id}`,
      `items/${things[0]?._id}`,
      'settings',
    ]) {
      await page.goto(`/${path}?site=${site}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(300);
      arrows += await page.locator('.MuiTabs-scrollButtons:not(.Mui-disabled)').count();
      await scan(`phone ${path}`);
    }
    // Some editor's tabs scroll on a phone, so the arrows were scanned.
    expect(arrows).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await scan('phone menu', '[role="dialog"]');
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('organizations, location tags and the report views keep their heading order', async ({
    page,
    request,
  }) => {
    test.setTimeout(360_000);
    const { api, site } = await firstSite(request);
    const firstOf = async (path: string) => {
      const body = (await (await api.get(path)).json()) as { _id?: string; id?: string }[];
      return body[0]?._id ?? body[0]?.id ?? '';
    };
    const views = [
      'organizations',
      `organizations/${await firstOf('/api/organizations')}`,
      'locationtags',
      `locationtags/${await firstOf(`/api/locationtags?site=${site}`)}`,
      'reports/events',
      'reports/exceptions',
      'reports/zonedurations',
      'reports/zonecategories',
      'reports/zones',
      `reports/${await firstOf(`/api/reportconfigs?site=${site}`)}`,
    ];
    await signIn(page);
    const problems: string[] = [];
    for (const size of [{ width: 1280, height: 800 }, PHONE]) {
      await page.setViewportSize(size);
      for (const path of views) {
        await page.goto(`/${path}?site=${site}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForTimeout(500);
        await expectRulesPass(page, ['heading-order']).catch((e: Error) =>
          problems.push(`${size.width} ${path}: ${e.message.split('\n')[0]}`),
        );
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('the login page asks for its sign-in options once, and nothing answers 404', async ({ page }) => {
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
    });
    const options = page.waitForResponse((res) => res.url().endsWith('/auth/options'));
    await page.goto('/login');
    expect((await options).status()).toBe(200);
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.waitForTimeout(500);
    expect(failed).toEqual([]);
    // Its answer names providers only.
    expect(await (await page.request.get('/auth/options')).json()).toEqual({ providers: [] });
  });

  test('the reset page checks its link as it opens and loads the strength checker only when typing starts', async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    // A link that no longer works says so before anything is typed, with a way to ask for a new one.
    await page.goto('/passwordreset/form?token=Zm9yZ2VkQGV4YW1wbGUuY29t.not-a-real-secret-at-all');
    await expect(
      page.getByText('Your password reset token is invalid, please contact support.'),
    ).toBeVisible();
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/password-reset-invalid.png` });
    await page.getByRole('link', { name: 'Request a New Link' }).click();
    await expect(page).toHaveURL(/passwordreset\/request/);

    // A working link shows the form; the checker's chunk loads on the first key, not before.
    const api = await adminApi(request);
    const email = `lazy-${uniq()}@example.com`;
    const created = await api.post('/api/users?send-email=false', {
      name: 'Lazy Lou',
      username: email,
      roles: ['5a0000000000000000000005'],
      securityCtx: { sites: ['*'] },
      password: 'Original-Password-2024',
    });
    expect(created.ok()).toBeTruthy();
    await request.post(`/api/auth/passwordresetrequest?email=${encodeURIComponent(email)}`);
    const mail = await latestMail(email);
    const link = new URL(mail.match(/https?:\/\/\S*passwordreset\/form\?token=[^\s"<]+/)?.[0] ?? '');
    await page.goto(link.pathname + link.search);
    const field = page.getByLabel('New Password', { exact: true });
    await expect(field).toBeVisible();
    await page.waitForTimeout(500);
    expect(scripts.filter((s) => /password-strength/.test(s))).toEqual([]);
    const chunk = page.waitForRequest((req) => /password-strength-[\w-]+\.js/.test(req.url()));
    await field.pressSequentially('B');
    await chunk;
  });

  test('phone lists hold still: the cards keep their order and "show" applies the new one', async ({
    browser,
    request,
  }) => {
    const { api, site } = await firstSite(request);
    const suffix = uniq();
    const reader = (await (await api.post('/api/endpoints', { name: `Phone ${suffix}`, site })).json()) as {
      _id: string;
      uuid: string;
      key: string;
    };
    const zone = async (name: string, antenna: number) =>
      (
        (await (
          await api.post('/api/zones', {
            name,
            site,
            gates: [{ endpoint: reader._id, direction: 'NEAR', antenna }],
          })
        ).json()) as { _id: string }
      )._id;
    const dock = await zone(`Dock ${suffix}`, 1);
    const yard = await zone(`Yard ${suffix}`, 2);
    const hex = () =>
      `E280${Array.from({ length: 20 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('')}`;
    const things: { id: string; tag: string }[] = [];
    const ingest = async (sightings: unknown[]) => {
      const res = await request.post('/api/ingest/sightings', {
        headers: { authorization: `Bearer ${reader.key}`, 'x-endpoint-uuid': reader.uuid },
        data: { sightings },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    };
    for (let i = 1; i <= 4; i += 1) {
      const tag = hex();
      const res = await api.post('/api/things', { name: `Phone ${suffix} crate ${i}`, site, tag1: tag });
      things.push({ id: ((await res.json()) as { _id: string })._id, tag });
    }
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    try {
      const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
      for (const [i, t] of things.entries())
        await ingest([{ tag: t.tag, antenna: 1, time: minutesAgo(10 - i) }]);
      await signIn(page);
      await page.goto(`/items?site=${site}&search=${encodeURIComponent(`Phone ${suffix}`)}`);
      const cards = page.getByRole('main').getByRole('listitem');
      await expect(cards).toHaveCount(4);
      await expect(cards.first()).toContainText('crate 4');
      await expectRulesPass(page, ['label-content-name-mismatch'], 'main');
      await expectAccessible(page);
      // Crate 1 walks into the yard: the newest entry, which would put it on top.
      await ingest([{ tag: things[0]?.tag, antenna: 2, time: new Date().toISOString() }]);
      const banner = page.getByTestId('held-order-banner');
      await expect(banner).toContainText('1 updated');
      await expect(cards.first()).toContainText('crate 4');
      await expect(cards.nth(3)).toContainText(`Yard ${suffix}`);
      // At the end of the list the banner sits below the last card, never over its zone line.
      await page.evaluate(() => {
        for (const el of [document.scrollingElement, ...document.querySelectorAll('main, main *')])
          if (el && el.scrollHeight > el.clientHeight) el.scrollTop = el.scrollHeight;
      });
      const zoneLine = cards.nth(3).getByText(`Yard ${suffix}`);
      const [line, over] = [await zoneLine.boundingBox(), await banner.boundingBox()];
      expect(line && over, 'zone line and banner are on the screen').toBeTruthy();
      if (line && over)
        expect(line.y + line.height, 'the zone line ends above the banner').toBeLessThanOrEqual(over.y);
      await page.screenshot({ path: `${SCREENSHOTS}/items-phone-held.png` });
      await banner.getByRole('button', { name: 'show' }).click();
      await expect(cards.first()).toContainText('crate 1');
      // The menu opens as a named dialog.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await expectRulesPass(page, ['aria-dialog-name']);
    } finally {
      await context.close();
      for (const t of things) await api.delete(`/api/things/${t.id}`);
      await api.delete(`/api/zones/${dock}`);
      await api.delete(`/api/zones/${yard}`);
      await api.delete(`/api/endpoints/${reader._id}`);
    }
  });

  test('toasts, chips and hints reach 4.5:1; editors keep their heading order, at desktop and phone width', async ({
    page,
    request,
  }) => {
    const { site } = await firstSite(request);
    await signIn(page);
    for (const size of [{ width: 1280, height: 800 }, PHONE]) {
      await page.setViewportSize(size);
      // The API key editor's token hint.
      await page.goto(`/apikeys/new?site=${site}`);
      await expect(page.getByLabel('Token')).toBeVisible();
      await expectAccessible(page);
      await expectRulesPass(page, ['heading-order']);
      // A success toast, on a saved zone.
      const zones = (await (await page.request.get(`/api/zones?site=${site}`)).json()) as { _id: string }[];
      await page.goto(`/zones/${zones[0]?._id}?site=${site}`);
      const description = page.getByLabel('Description');
      await description.fill(`Checked ${uniq()}`);
      await page.getByRole('button', { name: 'Save' }).click();
      const toast = page.getByRole('status').filter({ hasText: /Saved/ });
      await expect(toast).toBeVisible();
      await expectAccessible(page);
      await expectRulesPass(page, ['heading-order']);
      // An open exception's state chip ("New": not acknowledged yet).
      const exceptions = (await (await page.request.get(`/api/exceptions?site=${site}&limit=5`)).json()) as {
        _id: string;
      }[];
      expect(exceptions.length).toBeGreaterThan(0);
      await page.goto(`/exceptions/${exceptions[0]?._id}?site=${site}`);
      await expect(page.getByText('New', { exact: true }).first()).toBeVisible();
      await expectAccessible(page);
    }
  });

  test('every editor keeps its heading order (no level skipped)', async ({ page, request }) => {
    const { api, site } = await firstSite(request);
    const firstOf = async (path: string) => {
      const body = (await (await api.get(path)).json()) as { _id?: string; id?: string }[];
      return body[0]?._id ?? body[0]?.id ?? '';
    };
    const editors = [
      `items/${await firstOf(`/api/things?site=${site}&limit=1`)}`,
      `endpoints/${await firstOf(`/api/endpoints?site=${site}`)}`,
      `zones/${await firstOf(`/api/zones?site=${site}`)}`,
      `maps/${await firstOf(`/api/maps?site=${site}`)}`,
      `sites/${site}`,
      `users/${await firstOf('/api/users?limit=1')}`,
      `categories/${await firstOf('/api/categories')}`,
      `webhooks/${await firstOf('/api/webhooks')}`,
      `reportconfigs/${await firstOf(`/api/reportconfigs?site=${site}`)}`,
      'apikeys/new',
      'users/new',
    ];
    await signIn(page);
    const problems: string[] = [];
    for (const path of editors) {
      await page.goto(`/${path}?site=${site}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(300);
      await expectRulesPass(page, ['heading-order']).catch((e: Error) =>
        problems.push(`${path}: ${e.message.split('\n')[0]}`),
      );
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('a Viewer on a phone: the map, the items cards, and an endpoint whose key is never sent', async ({
    browser,
    request,
  }) => {
    const { api, site } = await firstSite(request);
    const email = `viewer-${uniq()}@example.com`;
    const created = await api.post('/api/users?send-email=false', {
      name: 'Phone Viewer',
      username: email,
      roles: [ROLE_IDS.viewer],
      securityCtx: { sites: [ALL_SITES] },
      password: DEMO_PASSWORD,
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const maps = (await (await api.get(`/api/maps?site=${site}`)).json()) as { _id: string }[];
    const endpoints = (await (await api.get(`/api/endpoints?site=${site}`)).json()) as { _id: string }[];
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page, email, DEMO_PASSWORD);
    await page.goto(`/mapview/${maps[0]?._id}?site=${site}`);
    await expect(page.getByTestId('thing-map').locator('.leaflet-image-layer')).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SCREENSHOTS}/map-phone-viewer.png` });
    await page.goto(`/items?site=${site}`);
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    await expectRulesPass(page, ['label-content-name-mismatch'], 'main');
    await page.screenshot({ path: `${SCREENSHOTS}/items-phone-viewer.png` });
    await page.goto(`/endpoints/${endpoints[0]?._id}?site=${site}`);
    const key = page.getByLabel('Key', { exact: true });
    await expect(key).toBeVisible();
    await expect(key).not.toHaveValue(/^[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole('button', { name: 'Rotate Key' })).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/endpoint-editor-viewer-phone.png`, fullPage: true });
    await context.close();
  });
});
