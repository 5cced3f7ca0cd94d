/**
 * Escalation and reminders of exceptions nobody acknowledged, mailed through a real SMTP server:
 * an open exception is escalated once to the site's escalation list after `escalateAfterMinutes`,
 * its zone's emails are reminded every `remindEveryMinutes` at most `maxReminders` times, each run
 * sends one digest per recipient, and with two instances on one PostgreSQL every mail arrives once.
 * Exceptions are raised a minute after the settings are saved unless a test says otherwise (the
 * clock of both starts at the later of the two).
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { trackedSite } from '../../../test/factories/ingest.factory.js';
import { parseMail, startSmtp } from '../../../test/factories/smtp.factory.js';
import { makeApp, makeThing } from '../../../test/factories.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { exceptions, sites, zones } from '../../db/schema.js';
import type { App } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import type { LiveMessage } from '../../platform/live.js';
import { workerPseudonym } from '../privacy/pseudonyms.js';
import { humanTime } from './digest.js';
import { escalateAlerts } from './escalation.js';

const smtp = await startSmtp();
afterAll(() => smtp.close());
const app = await makeApp({ smtpUrl: smtp.url });
const MINUTE = 60_000;

/** The mails the SMTP server received for `address`, by subject. */
const subjectsTo = (address: string) =>
  smtp.received.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw).subject);

/** The text of the mails `address` received. */
const textsTo = (address: string) =>
  smtp.received
    .filter((m) => m.to.includes(address))
    .map((m) => parseMail(m.raw).parts[0]?.content.toString('utf8') ?? '');

/** A tracked site whose Dock mails `dock-…`, where `raise` adds an open zone-time exception at `time`. */
async function world(on: App, time: number) {
  const s = await trackedSite(on);
  const { db } = on.ctx;
  const mark = s.org.id.slice(-8);
  const dockMail = `dock-${mark}@example.com`;
  const lead = `lead-${mark}@example.com`;
  await db
    .update(zones)
    .set({ emails: [dockMail] })
    .where(eq(zones.id, s.dock));
  const raise = async (at = time, thingId: string | null = null) => {
    const id = newId();
    await db.insert(exceptions).values({
      id,
      orgId: s.org.id,
      siteId: s.site.id,
      type: 'zoneTimeException',
      time: new Date(at),
      thingId,
      zoneId: s.dock,
      multipleThings: [],
      timeDurationNs: 15 * MINUTE * 1_000_000,
    });
    return id;
  };
  const setAlerts = async (alertSettings: Record<string, unknown>) => {
    const { _id, ...site } = (await s.admin.request('GET', `/api/sites/${s.site.id}`)).json();
    const res = await s.admin.request('PUT', `/api/sites/${s.site.id}`, { ...site, alertSettings });
    expect(res.statusCode).toBe(200);
  };
  return { ...s, dockMail, lead, raise, setAlerts, scope: { orgIds: [s.org.id] } };
}

const deps = (on: App, minuteMs = MINUTE) => ({
  db: on.ctx.db,
  live: on.ctx.live,
  mailer: on.ctx.mailer,
  publicUrl: 'http://localhost:8080',
  minuteMs,
});

describe('escalation and reminders', () => {
  it('escalates an open exception once, then reminds its zone at most maxReminders times', async () => {
    const t0 = Date.now() + MINUTE;
    const w = await world(app, t0);
    const id = await w.raise();
    const run = (minutes: number) => escalateAlerts(deps(app), t0 + minutes * MINUTE, w.scope);
    // Off until the site sets it.
    expect(await run(120)).toEqual({ escalated: 0, reminded: 0 });
    await w.setAlerts({
      escalateAfterMinutes: 15,
      escalationEmails: [w.lead],
      remindEveryMinutes: 30,
      maxReminders: 2,
    });
    const seen: LiveMessage[] = [];
    const stop = app.ctx.live.subscribe((m) => {
      if (m.orgId === w.org.id && m.type === 'exception') seen.push(m);
    });

    expect(await run(14)).toEqual({ escalated: 0, reminded: 0 });
    expect(await run(15)).toEqual({ escalated: 1, reminded: 0 });
    expect(await run(16)).toEqual({ escalated: 0, reminded: 0 });
    expect(await run(30)).toEqual({ escalated: 0, reminded: 1 });
    expect(await run(45)).toEqual({ escalated: 0, reminded: 0 });
    expect(await run(60)).toEqual({ escalated: 0, reminded: 1 });
    expect(await run(200)).toEqual({ escalated: 0, reminded: 0 });
    stop();

    expect(subjectsTo(w.lead)).toEqual(['Escalated: Zone time:']);
    expect(subjectsTo(w.dockMail)).toEqual(['Reminder: Zone time:', 'Reminder: Zone time:']);
    const escalation = smtp.received.find((m) => m.to.includes(w.lead));
    const text = parseMail(escalation?.raw ?? '').parts[0]?.content.toString('utf8') ?? '';
    expect(text).toContain('was in Dock for longer than the allowed 15 minute(s).');
    expect(text).toContain('15 minute(s)');
    expect(text).toContain(`/exceptions/${id}?site=${w.site.id}`);
    // When it was raised, on the site's clock in the console's form, never ISO.
    expect(text).toMatch(/Raised \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [ap]m \(/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

    const detail = (await w.viewer.request('GET', `/api/exceptions/${id}`)).json();
    expect(detail).toMatchObject({
      state: 'open',
      escalatedAt: new Date(t0 + 15 * MINUTE).toISOString(),
      reminders: 2,
      remindedAt: new Date(t0 + 60 * MINUTE).toISOString(),
    });
    expect(seen.map((m) => (m.data as { change: string; state: string }).change)).toEqual(['escalated']);
    expect(seen[0]?.data as { _id: string; state: string }).toMatchObject({ _id: id, state: 'open' });
  });

  it('leaves acknowledged and resolved exceptions alone, and stops reminding once acknowledged', async () => {
    const t0 = Date.now() + MINUTE;
    const w = await world(app, t0);
    await w.setAlerts({
      escalateAfterMinutes: 5,
      escalationEmails: [w.lead],
      remindEveryMinutes: 5,
      maxReminders: 5,
    });
    const acked = await w.raise();
    const resolved = await w.raise(t0 + 1);
    const open = await w.raise(t0 + 2);
    expect((await w.manager.request('POST', `/api/exceptions/${acked}/acknowledge`, {})).statusCode).toBe(
      200,
    );
    expect((await w.manager.request('POST', `/api/exceptions/${resolved}/resolve`, {})).statusCode).toBe(200);
    const run = (minutes: number) => escalateAlerts(deps(app), t0 + minutes * MINUTE, w.scope);
    expect(await run(6)).toEqual({ escalated: 1, reminded: 1 });
    expect((await w.manager.request('POST', `/api/exceptions/${open}/acknowledge`, {})).statusCode).toBe(200);
    expect(await run(60)).toEqual({ escalated: 0, reminded: 0 });
    expect(subjectsTo(w.lead)).toHaveLength(1);
    expect(subjectsTo(w.dockMail)).toHaveLength(1);
    const [row] = await app.ctx.db.select().from(exceptions).where(eq(exceptions.id, acked));
    expect(row).toMatchObject({ escalatedAt: null, reminders: 0 });
  });

  it('reminds without escalating when only reminders are set', async () => {
    const t0 = Date.now() + MINUTE;
    const w = await world(app, t0);
    await w.setAlerts({ remindEveryMinutes: 10, maxReminders: 1 });
    await w.raise();
    expect(await escalateAlerts(deps(app), t0 + 10 * MINUTE, w.scope)).toEqual({ escalated: 0, reminded: 1 });
    expect(await escalateAlerts(deps(app), t0 + 90 * MINUTE, w.scope)).toEqual({ escalated: 0, reminded: 0 });
    expect(subjectsTo(w.dockMail)).toEqual(['Reminder: Zone time:']);
    expect(subjectsTo(w.lead)).toEqual([]);
  });
});

describe('turning escalation on over a backlog', () => {
  it('counts old open exceptions from the moment it went on, and mails each recipient one digest of them', async () => {
    const old = Date.now() - 3 * 60 * MINUTE;
    const w = await world(app, old);
    const backlog = [];
    for (let i = 0; i < 4; i++) backlog.push(await w.raise(old + i * MINUTE));
    const on = Date.now();
    await w.setAlerts({
      escalateAfterMinutes: 15,
      escalationEmails: [w.lead],
      remindEveryMinutes: 30,
      maxReminders: 1,
    });
    // Hours old, but escalation has been on for no time: nothing is due.
    expect(await escalateAlerts(deps(app), on + MINUTE, w.scope)).toEqual({ escalated: 0, reminded: 0 });
    expect(subjectsTo(w.lead)).toEqual([]);
    // Saving the settings again (still on) does not move the start.
    await w.setAlerts({
      escalateAfterMinutes: 15,
      escalationEmails: [w.lead],
      remindEveryMinutes: 30,
      maxReminders: 1,
    });
    expect(await escalateAlerts(deps(app), on + 16 * MINUTE, w.scope)).toEqual({ escalated: 4, reminded: 0 });
    expect(subjectsTo(w.lead)).toEqual(['4 open alerts nobody has acknowledged']);
    const [digest] = textsTo(w.lead);
    for (const id of backlog) expect(digest).toContain(`/exceptions/${id}?site=${w.site.id}`);
    expect(await escalateAlerts(deps(app), on + 31 * MINUTE, w.scope)).toEqual({ escalated: 0, reminded: 4 });
    expect(subjectsTo(w.dockMail)).toEqual(['4 open alerts nobody has acknowledged']);
    expect(subjectsTo(w.lead)).toHaveLength(1);
  });
});

describe('the digest mail', () => {
  it('names the thing, its zone and site, with times in the site timezone; a worker by pseudonym where the site masks or hides workers', async () => {
    const t0 = Date.now() + MINUTE;
    const w = await world(app, t0);
    const { db } = app.ctx;
    await db.update(sites).set({ timezone: 'Europe/Berlin' }).where(eq(sites.id, w.site.id));
    const pallet = await makeThing(db, w.org.id, w.site.id, { tag: 'D1', name: 'Pallet Nine' });
    const worker = await makeThing(db, w.org.id, w.site.id, { tag: 'D2', name: 'Jane Doe', class: 'worker' });
    await w.setAlerts({ escalateAfterMinutes: 5, escalationEmails: [w.lead] });
    await w.raise(t0, pallet.id);
    await w.raise(t0 + 1, worker.id);
    const siteName = (await w.admin.request('GET', `/api/sites/${w.site.id}`)).json().name;
    for (const [settings, round] of [
      [{ pseudonymizeWorkers: true }, 0],
      [{ hideWorkers: true }, 1],
    ] as const) {
      await db.update(sites).set({ settings }).where(eq(sites.id, w.site.id));
      if (round === 1)
        await db.update(exceptions).set({ escalatedAt: null }).where(eq(exceptions.siteId, w.site.id));
      expect(await escalateAlerts(deps(app), t0 + 6 * MINUTE + round, w.scope)).toMatchObject({
        escalated: 2,
      });
      const text = textsTo(w.lead)[round] ?? '';
      expect(text).toContain(`- Zone time: Pallet Nine (zone Dock, site ${siteName})`);
      expect(text).toContain(`- Zone time: ${workerPseudonym(worker.id)} (zone Dock, site ${siteName})`);
      expect(text).not.toContain('Jane');
      expect(text).toContain(`Raised ${humanTime(new Date(t0).toISOString(), 'Europe/Berlin')}.`);
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    }
    expect(subjectsTo(w.lead)).toEqual([
      '2 open alerts nobody has acknowledged',
      '2 open alerts nobody has acknowledged',
    ]);
  });

  it('writes a time as a person reads it, in the given timezone', () => {
    expect(humanTime('2024-05-01T10:00:00.000Z', 'Europe/Berlin')).toBe(
      '05/01/2024 12:00 pm (Europe/Berlin)',
    );
    expect(humanTime('2024-12-01T10:00:00.000Z', 'UTC')).toBe('12/01/2024 10:00 am (UTC)');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('mails each escalation and reminder once when both run at the same moment', async () => {
    const a = await buildApp(testConfig({ smtpUrl: smtp.url, dataDir: 'memory' }));
    const b = await buildApp(testConfig({ smtpUrl: smtp.url, dataDir: 'memory' }));
    await Promise.all([a.ready(), b.ready()]);
    try {
      const t0 = Date.now() + MINUTE;
      const w = await world(a, t0);
      await w.setAlerts({
        escalateAfterMinutes: 1,
        escalationEmails: [w.lead],
        remindEveryMinutes: 1,
        maxReminders: 3,
      });
      for (let i = 0; i < 5; i++) await w.raise(t0 + i);
      // Past the job's own claim: both instances run the step itself at once, minute after minute.
      for (const minute of [1, 2, 3, 4, 5, 6]) {
        const now = t0 + minute * MINUTE + 10;
        await Promise.all([escalateAlerts(deps(a), now, w.scope), escalateAlerts(deps(b), now, w.scope)]);
      }
      // One digest of the five to the lead; one digest of five reminders a minute to the Dock, three times.
      expect(subjectsTo(w.lead)).toEqual(['5 open alerts nobody has acknowledged']);
      expect(subjectsTo(w.dockMail)).toHaveLength(3);
      for (const text of [...textsTo(w.lead), ...textsTo(w.dockMail)])
        expect(text.match(/^- Zone time/gm)).toHaveLength(5);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});
