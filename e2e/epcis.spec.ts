import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SCREENSHOTS, signIn } from './fixtures';

test('the Events screen downloads its events as an EPCIS 2.0 document', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Last 7 Days' }).click();
  await expect(page.getByRole('cell').first()).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SCREENSHOTS}/events-download-epcis.png`, animations: 'disabled' });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download EPCIS' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('events.jsonld');
  const document = JSON.parse(readFileSync(String(await file.path()), 'utf8'));
  expect(document).toMatchObject({
    '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
  });
  for (const event of document.epcisBody.eventList)
    expect(event).toMatchObject({
      type: 'ObjectEvent',
      action: 'OBSERVE',
      epcList: [expect.stringMatching(/^urn:epc:(id|raw):/)],
      eventID: expect.stringMatching(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/),
    });
});
