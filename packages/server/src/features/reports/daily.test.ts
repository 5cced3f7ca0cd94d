import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { reportScenario } from '../../../test/factories/report.factory.js';
import { parseMail, startSmtp } from '../../../test/factories/smtp.factory.js';
import { makeApp, makeReportConfig } from '../../../test/factories.js';
import { sites } from '../../db/schema.js';
import type { App } from '../../platform/context.js';
import { sendDailyReports } from './daily.js';

const smtp = await startSmtp();
afterAll(() => smtp.close());
const app = await makeApp({ smtpUrl: smtp.url });

/** The scenario site, mailing its reports at 06:00 New York time to ops@example.com. */
async function mailingSite(target: App = app) {
  const s = await reportScenario(target);
  const { db } = target.ctx;
  await db
    .update(sites)
    .set({ reportDailyTime: '06:00', reportEmails: ['ops@example.com', 'lead@example.com'] })
    .where(eq(sites.id, s.site.id));
  await makeReportConfig(db, s.org.id, s.site.id, {
    name: 'Activity',
    type: 'reportTypeEvents',
    email: true,
  });
  await makeReportConfig(db, s.org.id, s.site.id, {
    name: 'Stays',
    type: 'reportTypeZoneDurations',
    format: 'csv',
    email: true,
    headings: [
      { key: 'name', label: '' },
      { key: 'zone', label: '' },
      { key: 'duration', label: '' },
    ],
  });
  await makeReportConfig(db, s.org.id, s.site.id, { name: 'Not mailed', email: false });
  return { ...s, scope: { orgIds: [s.org.id] } };
}

const mailsFor = (orgMark: string) => smtp.received.filter((m) => m.raw.includes(orgMark));
const at = (iso: string) => Date.parse(iso);

async function sheetRows(content: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('the daily report email', () => {
  it('mails every emailed config of the site once a day, covering the previous site-local day', async () => {
    const s = await mailingSite();
    const mark = `Daily reports for ${(await app.ctx.db.select().from(sites).where(eq(sites.id, s.site.id)))[0]?.name}`;
    // 05:59 in New York on Jan 12: not yet, and no earlier run to catch up on.
    expect(await app.jobs.tick(at('2024-01-12T10:59:00Z'), s.scope)).toContain('reports.daily');
    expect(mailsFor(mark)).toHaveLength(0);
    await app.jobs.tick(at('2024-01-12T11:01:00Z'), s.scope);
    expect(mailsFor(mark)).toHaveLength(1);
    const mail = mailsFor(mark)[0];
    expect(mail?.to).toEqual(['ops@example.com', 'lead@example.com']);
    const { subject, parts } = parseMail(mail?.raw ?? '');
    expect(subject).toBe(`${mark}: 01/11/2024`);
    // The day in the console's form, never ISO: the mail is read by people.
    expect(parts[0]?.content.toString('utf8')).toContain('for 01/11/2024 (America/New_York)');
    const files = parts.filter((p) => p.filename);
    expect(files.map((f) => f.filename)).toEqual(['Activity.xlsx', 'Stays.csv']);
    const activity = await sheetRows(files[0]?.content ?? Buffer.alloc(0));
    expect(activity.map((r) => [r[0], r[2]])).toEqual([
      ['Name', 'Day'],
      ['-Ann', new Date('2024-01-11T00:00:00Z')],
      ['=Drill', new Date('2024-01-11T00:00:00Z')],
    ]);
    expect(files[1]?.content.toString().trim().split('\r\n')).toEqual([
      'Name,Zone,Duration',
      "'-Ann,Dock,4:00:00",
      "'-Ann,Store,2:00:00",
      // Stays still open count up to the end of the covered day.
      "'-Ann,Dock,20:00:00",
      "'=Drill,Store,14:00:00",
    ]);

    // Later the same day, and the next morning before 06:00: nothing more.
    await app.jobs.tick(at('2024-01-12T18:00:00Z'), s.scope);
    await app.jobs.tick(at('2024-01-13T10:30:00Z'), s.scope);
    expect(mailsFor(mark)).toHaveLength(1);
    await app.jobs.tick(at('2024-01-13T11:00:00Z'), s.scope);
    expect(mailsFor(mark).map((m) => parseMail(m.raw).subject)).toEqual([
      `${mark}: 01/11/2024`,
      `${mark}: 01/12/2024`,
    ]);
  });

  it('sends a run missed while every instance was down once, at the next start', async () => {
    const s = await mailingSite();
    const deps = { db: app.ctx.db, mailer: app.ctx.mailer };
    const mark = (await app.ctx.db.select().from(sites).where(eq(sites.id, s.site.id)))[0]?.name ?? '';
    expect(await sendDailyReports(deps, at('2024-01-12T12:00:00Z'), s.scope)).toEqual([s.site.id]);
    // Down from Jan 12 to Jan 14 at 05:00: the Jan 13 run was missed; it goes out now, once.
    expect(await sendDailyReports(deps, at('2024-01-14T10:00:00Z'), s.scope)).toEqual([s.site.id]);
    expect(await sendDailyReports(deps, at('2024-01-14T10:30:00Z'), s.scope)).toEqual([]);
    expect(await sendDailyReports(deps, at('2024-01-14T11:00:00Z'), s.scope)).toEqual([s.site.id]);
    const subjects = mailsFor(mark).map((m) => parseMail(m.raw).subject.split(': ')[1]);
    expect(subjects).toEqual(['01/11/2024', '01/12/2024', '01/13/2024']);
  });

  it('sends nothing without emails, without a daily time or without an emailed config', async () => {
    const s = await mailingSite();
    const deps = { db: app.ctx.db, mailer: app.ctx.mailer };
    await app.ctx.db.update(sites).set({ reportEmails: [] }).where(eq(sites.id, s.site.id));
    expect(await sendDailyReports(deps, at('2024-01-12T12:00:00Z'), s.scope)).toEqual([]);
    await app.ctx.db
      .update(sites)
      .set({ reportEmails: ['ops@example.com'], reportDailyTime: '' })
      .where(eq(sites.id, s.site.id));
    expect(await sendDailyReports(deps, at('2024-01-12T12:00:00Z'), s.scope)).toEqual([]);
  });
});

// Two instances share one database only on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the daily report email with two instances', () => {
  it('is sent once when both instances run at the same moment', async () => {
    const other = await makeApp({ smtpUrl: smtp.url });
    const s = await mailingSite();
    const mark = (await app.ctx.db.select().from(sites).where(eq(sites.id, s.site.id)))[0]?.name ?? '';
    const now = at('2024-01-12T11:05:00Z');
    const results = await Promise.all([
      sendDailyReports({ db: app.ctx.db, mailer: app.ctx.mailer }, now, s.scope),
      sendDailyReports({ db: other.ctx.db, mailer: other.ctx.mailer }, now, s.scope),
      app.jobs.tick(now + 1, s.scope),
      other.jobs.tick(now + 2, s.scope),
    ]);
    // Any of the four may win the day's claim (the scheduler's ticks too); exactly one mail goes out.
    expect(results.slice(0, 2).flat().length).toBeLessThanOrEqual(1);
    expect(mailsFor(mark)).toHaveLength(1);
  });
});
