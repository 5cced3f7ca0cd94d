/** UI helpers shared by the admin journeys (pickers that need more than one click). */
import type { Page } from '@playwright/test';

/** Picks options in a multi-select combobox, then closes its list. */
export async function choose(page: Page, label: string, options: string[]) {
  for (const option of options) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

/** Closes the error bar so it does not cover a screenshot. */
export async function closeErrorBar(page: Page) {
  const bar = page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: /\S/ });
  const close = bar.getByRole('button', { name: 'Close' });
  if (await close.count()) await close.first().click();
  await bar
    .first()
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
}
