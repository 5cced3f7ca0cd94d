/**
 * A site's alert settings (escalation and reminders): read with the site, written with PUT like its
 * report settings, by those who may modify the site; bad values are a 400 that stores nothing.
 */
import { describe, expect, it } from 'vitest';
import { anonymous, makeApp, makeTenant } from '../../../test/factories.js';

const app = await makeApp();
const alertSettings = {
  escalateAfterMinutes: 15,
  escalationEmails: ['lead@example.com', 'ops@example.com'],
  remindEveryMinutes: 30,
  maxReminders: 3,
};

async function siteOf(t: Awaited<ReturnType<typeof makeTenant>>) {
  const res = await t.admin.request('GET', `/api/sites/${t.site.id}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('site alert settings', () => {
  it('are off ({}) until set, and PUT accepts what GET returns', async () => {
    const t = await makeTenant(app);
    const site = await siteOf(t);
    expect(site.alertSettings).toEqual({});

    const { _id, ...body } = site;
    const put = await t.admin.request('PUT', `/api/sites/${t.site.id}`, { ...body, alertSettings });
    expect(put.statusCode).toBe(200);
    expect(put.json().alertSettings).toEqual(alertSettings);
    const again = await siteOf(t);
    expect(again.alertSettings).toEqual(alertSettings);

    // What GET returned goes back unchanged.
    const { _id: _again, ...same } = again;
    expect((await t.admin.request('PUT', `/api/sites/${t.site.id}`, same)).json()).toEqual(again);
    // A PUT without them keeps them; {} turns them off.
    const { alertSettings: _left, ...without } = same;
    expect((await t.admin.request('PUT', `/api/sites/${t.site.id}`, without)).json().alertSettings).toEqual(
      alertSettings,
    );
    const off = await t.admin.request('PUT', `/api/sites/${t.site.id}`, { ...same, alertSettings: {} });
    expect(off.json().alertSettings).toEqual({});
  });

  it('are set when a site is created', async () => {
    const t = await makeTenant(app);
    const res = await t.admin.request('POST', '/api/sites', {
      name: 'North',
      startDate: '2024-03-01',
      timezone: { id: 'UTC' },
      alertSettings: { remindEveryMinutes: 5, maxReminders: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().alertSettings).toEqual({ remindEveryMinutes: 5, maxReminders: 1 });
  });

  it.each([
    [{ escalateAfterMinutes: 0, escalationEmails: ['a@example.com'] }, /escalateAfterMinutes/],
    [{ escalateAfterMinutes: 1.5, escalationEmails: ['a@example.com'] }, /escalateAfterMinutes/],
    [{ escalateAfterMinutes: 15 }, /escalationEmails/],
    [{ escalateAfterMinutes: 15, escalationEmails: ['not an address'] }, /escalationEmails/],
    [{ remindEveryMinutes: 0, maxReminders: 1 }, /remindEveryMinutes/],
    [{ remindEveryMinutes: 30 }, /maxReminders/],
    [{ remindEveryMinutes: 30, maxReminders: 0 }, /maxReminders/],
    [{ escalateAfterMinutes: '15', escalationEmails: ['a@example.com'] }, /escalateAfterMinutes/],
  ])('refuses %j with 400 and stores nothing', async (bad, field) => {
    const t = await makeTenant(app);
    const { _id, ...body } = await siteOf(t);
    const stored = await t.admin.request('PUT', `/api/sites/${t.site.id}`, { ...body, alertSettings });
    expect(stored.statusCode).toBe(200);
    const res = await t.admin.request('PUT', `/api/sites/${t.site.id}`, {
      ...body,
      name: 'Renamed',
      alertSettings: bad,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(field);
    const after = await siteOf(t);
    expect(after.name).toBe(body.name);
    expect(after.alertSettings).toEqual(alertSettings);
  });

  it('needs a session (401) and modify on sites (403); another organization’s site is a 404', async () => {
    const t = await makeTenant(app);
    const other = await makeTenant(app);
    const { _id, ...body } = await siteOf(t);
    const put = { ...body, alertSettings };
    expect((await anonymous(app).request('PUT', `/api/sites/${t.site.id}`, put)).statusCode).toBe(401);
    expect((await t.viewer.request('PUT', `/api/sites/${t.site.id}`, put)).statusCode).toBe(403);
    expect((await t.manager.request('PUT', `/api/sites/${t.site.id}`, put)).statusCode).toBe(403);
    expect((await other.admin.request('PUT', `/api/sites/${t.site.id}`, put)).statusCode).toBe(404);
    expect((await other.admin.request('GET', `/api/sites/${t.site.id}`)).statusCode).toBe(404);
    expect((await siteOf(t)).alertSettings).toEqual({});
  });
});
