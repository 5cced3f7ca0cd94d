import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminApi, SCREENSHOTS, signIn, uniq } from './fixtures';
import { closeErrorBar } from './ui-helpers';

/** A webhook receiver on loopback (the journey's server allows private targets). */
async function startReceiver() {
  const bodies: unknown[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      bodies.push(JSON.parse(raw || '{}'));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    bodies,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/sightline`,
  };
}

test.describe('Webhooks', () => {
  // axe is injected as an inline script, which the console's CSP refuses.
  test.use({ permissions: ['clipboard-read', 'clipboard-write'], bypassCSP: true });

  test('creates a webhook with headers and a mapping, shows the secret once, sends a test and logs deliveries', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000); // a long journey on a shared, busy machine
    const receiver = await startReceiver();
    try {
      await signIn(page);
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Add webhook' }).first().click();
      await expect(page).toHaveURL(/\/webhooks\/new/);

      // Nothing filled in: the fixed required-field text.
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Target URL in the Basic tab is a required field.').first()).toBeVisible();
      await closeErrorBar(page);

      await page.getByRole('combobox', { name: 'Event' }).click();
      await page.getByRole('option', { name: 'created', exact: true }).click();
      await page.getByLabel('Target URL').fill(receiver.url);

      await page.getByRole('tab', { name: 'Headers' }).click();
      await page.getByRole('button', { name: 'Add header' }).click();
      await page.getByLabel('Name').fill('Authorization');
      await page.getByLabel('Value').fill('Bearer receiver-token');

      await page.getByRole('tab', { name: 'Fields' }).click();
      await page.getByRole('button', { name: 'Add field' }).click();
      await page.getByLabel('Remote Field Name').fill('assetName');
      await page.getByRole('button', { name: 'Add field' }).click();
      const localFields = page.getByRole('combobox', { name: 'Local Field' });
      await localFields.nth(1).click();
      await page.getByRole('option', { name: 'customString', exact: true }).click();
      await page.getByLabel('Remote Field Name').nth(1).fill('source');
      // Filters are offered only for tags, categoryNames and labels.
      await expect(page.getByLabel('Filter Prefix')).toHaveCount(0);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(
        page
          .getByText(
            'Custom String Value in the Fields tab: Custom string value is required for customString',
          )
          .first(),
      ).toBeVisible();
      await closeErrorBar(page);
      await page.getByLabel('Custom String Value').fill('sightline');
      await page.getByRole('button', { name: 'Save' }).click();

      const dialog = page.getByRole('dialog', { name: 'Webhook created' });
      await expect(dialog).toBeVisible();
      const secret = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
      expect(secret).toMatch(/^whsec_/);
      // The dialog explains the signature deliveries carry, not the deprecated one.
      await expect(dialog).toContainText(
        'the webhook-signature header is "v1," followed by the base64 HMAC-SHA256',
      );
      await expect(dialog).toContainText('"webhook-id.webhook-timestamp.body"');
      await expect(dialog).not.toContainText('x-sightline-signature');
      await expectAccessible(page);
      await page.screenshot({ path: `${SCREENSHOTS}/webhook-secret.png` });
      await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
      await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Done' }).press('Enter');
      await expect(page).toHaveURL(/\/webhooks(\?|$)/);

      // A thing created through the API is delivered with the mapping.
      const api = await adminApi(request);
      const sites = await (await api.get('/api/sites')).json();
      const name = `Pallet ${uniq()}`;
      expect((await api.post('/api/things', { name, site: sites[0]._id })).ok()).toBeTruthy();
      await expect
        .poll(() => receiver.bodies, { timeout: 20_000 })
        .toContainEqual({ assetName: name, source: 'sightline' });

      // Open it from the list; its delivery log and 'Send test'.
      await page.getByRole('cell', { name: receiver.url }).first().click();
      await page.getByRole('tab', { name: 'Deliveries' }).click();
      await expect(page.getByRole('table', { name: 'Delivery log' }).getByText('created')).toBeVisible();
      await page.getByRole('button', { name: 'Send test' }).click();
      await expect(page.getByText('Test delivered: 200')).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Delivery log' }).getByText('test', { exact: true }),
      ).toBeVisible();
      await closeErrorBar(page);
      // Scoped to the screen: the shell's own violations are another helper's fix.
      await expectAccessible(page, 'main');
      await page.screenshot({ path: `${SCREENSHOTS}/webhook-editor.png`, fullPage: true });

      // The newest delivery (the test) opens its attempts: the signed request and the answer.
      await expect(page.getByText('Attempt 0').first()).toBeVisible();
      await page.getByRole('button', { name: 'Attempts (1)' }).first().click();
      const attempts = page.getByRole('dialog');
      await expect(attempts.getByText('Request headers')).toBeVisible();
      await expect(attempts.getByText(/webhook-signature: v1,/)).toBeVisible();
      await expect(attempts.getByText('{"received":true}')).toBeVisible();
      // The dialog fades in: the picture is taken once the fade has finished.
      await page.screenshot({
        path: `${SCREENSHOTS}/webhook-attempts.png`,
        fullPage: true,
        animations: 'disabled',
      });
      await attempts.getByRole('button', { name: 'Close' }).click();
      // Redeliver queues it again; it is delivered.
      await page.getByRole('button', { name: 'Redeliver' }).first().click();
      await expect(page.getByText(/Queued again as delivery/)).toBeVisible();
      await closeErrorBar(page);

      // Rotate secret shows a new one once.
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      const rotated = page.getByRole('dialog', { name: 'New signing secret' });
      const next = await rotated.getByRole('textbox', { name: 'Signing secret' }).inputValue();
      expect(next).not.toBe(secret);
      await rotated.getByRole('button', { name: 'Done' }).click();

      // Delete returns to the list.
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(/\/webhooks(\?|$)/);
      await expect(page.getByRole('cell', { name: receiver.url })).toHaveCount(0);
    } finally {
      receiver.server.close();
    }
  });

  test('chooses the EPCIS 2.0 format: only for sightings, and its test delivery is an EPCISDocument', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const receiver = await startReceiver();
    try {
      await signIn(page);
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('button', { name: 'Add webhook' }).first().click();
      await expect(page).toHaveURL(/\/webhooks\/new/);
      await page.getByRole('combobox', { name: 'Event' }).click();
      await page.getByRole('option', { name: 'created', exact: true }).click();
      await page.getByRole('combobox', { name: 'Format' }).click();
      await page.getByRole('option', { name: 'EPCIS 2.0 (JSON-LD)' }).click();
      await page.getByLabel('Target URL').fill(receiver.url);
      // A thing created is not a sighting: the format is refused for it.
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(
        page
          .getByText(
            'Format in the Basic tab: The EPCIS format sends sightings: only the seen and zoneChange events can use it',
          )
          .first(),
      ).toBeVisible();
      await closeErrorBar(page);
      await page.screenshot({
        path: `${SCREENSHOTS}/webhook-editor-epcis-refused.png`,
        fullPage: true,
        animations: 'disabled',
      });
      await page.getByRole('combobox', { name: 'Event' }).click();
      await page.getByRole('option', { name: 'seen', exact: true }).click();
      await expect(page.getByRole('listbox')).toHaveCount(0);
      await page.getByRole('button', { name: 'Save' }).click();
      const dialog = page.getByRole('dialog', { name: 'Webhook created' });
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(page).toHaveURL(/\/webhooks(\?|$)/);

      // Opened again it keeps its format; 'Send test' posts a sample EPCISDocument.
      await page.getByRole('cell', { name: receiver.url }).first().click();
      await expect(page.getByRole('combobox', { name: 'Format' })).toHaveText('EPCIS 2.0 (JSON-LD)');
      await page.screenshot({
        path: `${SCREENSHOTS}/webhook-editor-epcis.png`,
        fullPage: true,
        animations: 'disabled',
      });
      await page.getByRole('tab', { name: 'Deliveries' }).click();
      await page.getByRole('button', { name: 'Send test' }).click();
      await expect(page.getByText('Test delivered: 200')).toBeVisible();
      expect(receiver.bodies).toEqual([
        expect.objectContaining({
          type: 'EPCISDocument',
          schemaVersion: '2.0',
          epcisBody: {
            eventList: [
              expect.objectContaining({
                type: 'ObjectEvent',
                action: 'OBSERVE',
                epcList: ['urn:epc:id:sgtin:0614141.812345.6789'],
              }),
            ],
          },
        }),
      ]);
      await closeErrorBar(page);
      await expectAccessible(page, 'main');
    } finally {
      receiver.server.close();
    }
  });
});
