/**
 * Delivery to the browser, Lighthouse-style, with Chromium's own metrics: a cold
 * load (empty cache) of login and of Home, the bytes on the wire per resource from the DevTools
 * Network domain (`encodedDataLength`: headers and compressed body), and the time to interactive
 * from the page's own timeline (first contentful paint, the end of the last long task reported by
 * a PerformanceObserver, and the moment the screen's first control answers). Budget: the login
 * route loads < 250 KB of JavaScript compressed, and neither screen loads the password-strength
 * dictionaries. The figures are printed; docs/benchmarks.md records them.
 */
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN } from './fixtures';

const LOGIN_JS_BUDGET = 250 * 1024;

interface Load {
  screen: string;
  requests: number;
  transferKB: number;
  jsKB: number;
  jsFiles: string[];
  /** Each script and its KB on the wire, largest first: what to look at when a figure moves. */
  jsDetail: string[];
  contentEncodings: string[];
  ttiMs: number;
  fcpMs: number;
  longTasks: number;
}

/** Long tasks from the first byte on: the observer is in place before any script of the page runs. */
const observeLongTasks = () => {
  const w = window as unknown as { __longTasks: { start: number; end: number }[] };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      w.__longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: 'longtask', buffered: true });
};

async function coldLoad(
  browser: Browser,
  screen: string,
  url: string,
  ready: (page: Page) => Locator,
  cookies: { name: string; value: string }[] = [],
): Promise<Load> {
  const context = await browser.newContext();
  const base = test.info().project.use.baseURL ?? '';
  if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
  const page = await context.newPage();
  await page.addInitScript(observeLongTasks);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map<string, { url: string; type: string; encoding: string }>();
  const sizes = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    responses.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      encoding: String(headers['content-encoding'] ?? ''),
    });
  });
  cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  // Requests in flight, but for the live stream, which stays open as long as the screen does.
  const inFlight = new Set<string>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!e.request.url.includes('/api/live')) inFlight.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => inFlight.delete(e.requestId));
  cdp.on('Network.loadingFailed', (e) => inFlight.delete(e.requestId));

  await page.goto(url);
  const control = ready(page);
  await expect(control).toBeEnabled();
  const readyAt = await page.evaluate(() => performance.now());
  await networkQuiet(page, inFlight);
  const timeline = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: { start: number; end: number }[] };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const lastLongTask = Math.max(0, ...w.__longTasks.map((t) => t.end));
    return {
      fcp,
      domContentLoaded: nav?.domContentLoadedEventEnd ?? 0,
      lastLongTask,
      longTasks: w.__longTasks.length,
    };
  });
  await context.close();

  const loaded = [...responses].filter(([id]) => sizes.has(id));
  const scripts = loaded.filter(([, r]) => r.type === 'Script');
  const bytes = (list: typeof loaded) => list.reduce((n, [id]) => n + (sizes.get(id) ?? 0), 0);
  return {
    screen,
    requests: loaded.length,
    transferKB: Math.round(bytes(loaded) / 102.4) / 10,
    jsKB: Math.round(bytes(scripts) / 102.4) / 10,
    jsFiles: scripts.map(([, r]) => new URL(r.url).pathname),
    jsDetail: [...scripts]
      .sort(([a], [b]) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0))
      .map(
        ([id, r]) =>
          `${new URL(r.url).pathname.replace('/assets/', '')} ${((sizes.get(id) ?? 0) / 1024).toFixed(1)}`,
      ),
    contentEncodings: [...new Set(scripts.map(([, r]) => r.encoding))],
    ttiMs: Math.round(Math.max(timeline.fcp, timeline.domContentLoaded, timeline.lastLongTask, readyAt)),
    fcpMs: Math.round(timeline.fcp),
    longTasks: timeline.longTasks,
  };
}

/** Waits until no request but the live stream has been in flight for 500 ms (at most 20 s). */
async function networkQuiet(page: Page, inFlight: Set<string>) {
  const deadline = Date.now() + 20_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight.size) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await page.waitForTimeout(50);
  }
}

function report(load: Load) {
  console.log(
    `${load.screen}: ${load.requests} requests, ${load.transferKB} KB transferred, ` +
      `JavaScript ${load.jsKB} KB in ${load.jsFiles.length} files (${load.contentEncodings.join(', ')}), ` +
      `FCP ${load.fcpMs} ms, TTI ${load.ttiMs} ms, ${load.longTasks} long tasks\n  ` +
      load.jsDetail.join(', '),
  );
}

test.describe('delivery', () => {
  test('login loads under 250 KB of JavaScript, brotli-compressed, without the password dictionaries', async ({
    browser,
  }) => {
    const load = await coldLoad(browser, 'login', '/login', (page) =>
      page.getByRole('button', { name: 'Login', exact: true }),
    );
    report(load);
    expect(load.contentEncodings).toEqual(['br']);
    expect(load.jsFiles.filter((f) => /password/i.test(f))).toEqual([]);
    expect(load.jsKB * 1024).toBeLessThan(LOGIN_JS_BUDGET);
  });

  test('Home, signed in: measured, and without the password dictionaries', async ({ browser, request }) => {
    const login = await request.post('/api/auth/login', {
      data: { username: ADMIN.email, password: ADMIN.password },
    });
    expect(login.ok()).toBeTruthy();
    const session = (await request.storageState()).cookies.map(({ name, value }) => ({ name, value }));
    const load = await coldLoad(
      browser,
      'Home',
      '/home',
      (page) => page.getByRole('heading', { name: 'Home', exact: true }),
      session,
    );
    report(load);
    expect(load.contentEncodings).toEqual(['br']);
    expect(load.jsFiles.filter((f) => /password/i.test(f))).toEqual([]);
  });
});
