/**
 * Account journeys: the profile asks for the current password before setting a new one or moving
 * the sign-in email (and tells the old address), and a Super Admin creating an organization names
 * its first Admin, who is mailed an activation link.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminApi, latestMail, SCREENSHOTS, signIn, uniq } from './fixtures';

// axe is injected as a script tag, which the server's CSP (script-src 'self') would block.
test.use({ bypassCSP: true });
// The journeys hash passwords and send mail; on a loaded machine they need more than the default minute.
test.setTimeout(180_000);

test('the profile asks for the current password before setting a new one', async ({ page, request }) => {
  const api = await adminApi(request);
  const email = `profile-${uniq()}@example.com`;
  const original = 'Quiet-Harbor-Lantern-42';
  const created = await api.post('/api/users?send-email=false', {
    name: 'Pat Profile',
    username: email,
    roles: ['5a0000000000000000000005'],
    securityCtx: { sites: ['*'] },
    password: original,
  });
  expect(created.ok()).toBeTruthy();

  await signIn(page, email, original);
  await page.goto('/userme');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Pat Profile', { timeout: 45_000 });
  const next = 'Brisk-Meadow-Falcon-93';
  await page.getByLabel('New Password', { exact: true }).fill(next);
  await page.getByLabel('Verify New Password').fill(next);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Enter your current password to change your email or password').first(),
  ).toBeVisible();

  // A wrong current password is refused by the server, shown beside the field.
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('Current Password').press('Enter');
  await expect(page.getByText('Current password is incorrect').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/userme-current-password.png` });

  // By keyboard: type the right one and submit with Enter.
  await page.getByLabel('Current Password').fill(original);
  await page.getByLabel('Current Password').press('Enter');
  await expect(page.getByText(/Saved/).first()).toBeVisible();
  await expectAccessible(page, 'main');

  const login = await request.post('/api/auth/login', { data: { username: email, password: next } });
  expect(login.ok()).toBeTruthy();
});

test('the profile asks for the current password before moving the sign-in email', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const email = `mover-${uniq()}@example.com`;
  const moved = `moved-${uniq()}@example.com`;
  const password = 'Steady-Copper-Marten-57';
  const created = await api.post('/api/users?send-email=false', {
    name: 'Max Mover',
    username: email,
    roles: ['5a0000000000000000000005'],
    securityCtx: { sites: ['*'] },
    password,
  });
  expect(created.ok()).toBeTruthy();

  await signIn(page, email, password);
  await page.goto('/userme');
  await expect(page.getByLabel('Email')).toHaveValue(email, { timeout: 45_000 });
  await page.getByLabel('Email').fill(moved);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Enter your current password to change your email or password').first(),
  ).toBeVisible();

  // The server's refusal of a wrong password is shown as it says it.
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('Current Password').press('Enter');
  await expect(page.getByText('Current password is incorrect').first()).toBeVisible();

  await page.getByLabel('Current Password').fill(password);
  await page.getByLabel('Current Password').press('Enter');
  await expect(page.getByText(/Saved/).first()).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(moved);
  await expect(page.getByLabel('Current Password')).toHaveValue('');

  const notice = await latestMail(`changed from ${email} to ${moved}`);
  expect(notice).toContain(`To: ${email}`);
  const login = await request.post('/api/auth/login', { data: { username: moved, password } });
  expect(login.ok()).toBeTruthy();
});

test('creating an organization names its first Admin, who is mailed an activation link', async ({
  page,
  request,
}) => {
  const id = uniq();
  const adminEmail = `founder-${id}@example.com`;
  await signIn(page);
  await page.goto('/organizations/new');
  await page.getByLabel('Name', { exact: true }).fill(`Fresh Start ${id}`);
  await page.getByLabel('Subdomain').fill(`fresh-${id}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('First Admin Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First Admin Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('First Admin Name').fill('Fiona Founder');
  await page.getByLabel('First Admin Email').fill(adminEmail);
  await expectAccessible(page, 'main');
  await page.screenshot({ path: `${SCREENSHOTS}/organization-first-admin.png` });
  await page.getByLabel('First Admin Email').press('Enter');
  await expect(page.getByText(`Saved Fresh Start ${id}`)).toBeVisible();

  const mail = await latestMail(adminEmail);
  expect(mail).toContain('A Sightline account has been created for you');
  const link = mail.match(/https?:\/\/\S*\/passwordreset\/form\?token=\S+/)?.[0];
  expect(link).toBeTruthy();

  // Leave one organization behind: sign-in by SSO picks the only organization when the host names none.
  const api = await adminApi(request);
  const orgs = (await (await api.get('/api/organizations?limit=1000')).json()) as {
    _id: string;
    subdomain: string;
  }[];
  const made = orgs.find((o) => o.subdomain === `fresh-${id}`);
  expect(made).toBeTruthy();
  expect((await api.delete(`/api/organizations/${made?._id}`)).ok()).toBeTruthy();
});
