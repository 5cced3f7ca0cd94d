/**
 * Accessibility check of the browser suite: axe-core injected into the page (the package's own
 * script, no network), failing on any serious or critical violation of WCAG 2.1 A/AA rules.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** Runs axe on the page (or on `include`, a CSS selector) and expects no serious or critical violation. */
export async function expectAccessible(page: Page, include?: string) {
  // Evaluated through the DevTools protocol, not as a <script> tag: the console's Content Security
  // Policy (script-src 'self') refuses inline scripts, so addScriptTag would fail on every page.
  await page.evaluate(axeSource);
  // Colours are measured as they are drawn: a button still fading from disabled to enabled (MUI's
  // 250 ms transition) would read as low contrast. Finite transitions end first; at most 1 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(selector ? { include: [selector] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  }, include ?? null);
  const serious = (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
    );
  expect(serious, serious.join('\n')).toEqual([]);
}

/**
 * Runs only the named axe rules (any impact, experimental and best-practice rules included, e.g.
 * label-content-name-mismatch, aria-dialog-name, heading-order) and expects no violation.
 */
export async function expectRulesPass(page: Page, rules: string[], include?: string) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ selector, ids }) => {
      const axe = (
        window as unknown as {
          axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> };
        }
      ).axe;
      const result = await axe.run(selector ? { include: [selector] } : document, {
        runOnly: { type: 'rule', values: ids },
      });
      return result.violations;
    },
    { selector: include ?? null, ids: rules },
  );
  const found = (violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
        .join(', ')}`,
  );
  expect(found, found.join('\n')).toEqual([]);
}
