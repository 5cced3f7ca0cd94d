/**
 * The site editor's Alerts tab: escalation and reminders of alerts nobody acknowledged, checked
 * with the shared schema's rules before saving, stored as the API answers them; on a desktop and
 * on a phone, without accessibility violations.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';
import { closeErrorBar } from './ui-helpers';

test('sets a site’s escalation and reminders on its Alerts tab', async ({ page }) => {
  const api = await adminApi(page.request);
  const name = `Cold Store ${uniq()}`;
  const created = await api.post('/api/sites', {
    name,
    startDate: '2024-03-01',
    timezone: { id: 'Europe/Berlin' },
  });
  expect(created.ok()).toBeTruthy();
  const site = await created.json();
  expect(site.alertSettings).toEqual({});

  await signIn(page);
  await page.goto(`/sites/${site._id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await expect(page.getByLabel('Escalate After (minutes)')).toHaveValue('');

  // The shared rules show before saving: escalation needs someone to escalate to.
  await page.getByLabel('Escalate After (minutes)').fill('15');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Escalation Emails in the Alerts tab: at least one email is needed to escalate'),
  ).toBeVisible();
  // An address typed but not confirmed with Enter is not dropped: Save takes it and checks it.
  const emails = page.getByRole('combobox', { name: 'Escalation Emails' });
  await emails.fill('night-lead');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Escalation Emails in the Alerts tab: Not a valid email address: night-lead'),
  ).toBeVisible();
  await closeErrorBar(page);
  await emails.press('Backspace');
  await expect(page.getByText('night-lead', { exact: true })).toHaveCount(0);
  // Typed, then left for the next field without Enter: kept as well.
  await emails.fill('night-lead@example.com');
  await page.getByLabel('Remind Every (minutes)').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(/Remind Every \(minutes\) in the Alerts tab: must be at least 1 minute/),
  ).toBeVisible();
  await page.getByLabel('Remind Every (minutes)').fill('30');
  await page.getByLabel('Max Reminders').fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved ${name}`)).toBeVisible();

  const stored = await (await api.get(`/api/sites/${site._id}`)).json();
  expect(stored.alertSettings).toEqual({
    escalateAfterMinutes: 15,
    escalationEmails: ['night-lead@example.com'],
    remindEveryMinutes: 30,
    maxReminders: 3,
  });

  await page.goto(`/sites/${site._id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await expect(page.getByLabel('Escalate After (minutes)')).toHaveValue('15');
  await expect(page.getByText('night-lead@example.com')).toBeVisible();
  await expect(page.getByLabel('Remind Every (minutes)')).toHaveValue('30');
  await expect(page.getByLabel('Max Reminders')).toHaveValue('3');
  await closeErrorBar(page);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/site-alerts.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByLabel('Max Reminders')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/site-alerts-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Emptied fields turn their part off.
  await page.getByLabel('Remind Every (minutes)').fill('');
  await page.getByLabel('Max Reminders').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved ${name}`)).toBeVisible();
  const off = await (await api.get(`/api/sites/${site._id}`)).json();
  expect(off.alertSettings).toEqual({
    escalateAfterMinutes: 15,
    escalationEmails: ['night-lead@example.com'],
  });

  expect((await api.delete(`/api/sites/${site._id}`)).ok()).toBeTruthy();
});
