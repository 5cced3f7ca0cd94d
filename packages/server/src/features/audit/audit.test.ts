import { type AuditRow, REDACTED, ROLE_IDS } from '@sightline/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  anonymous,
  login,
  makeApp,
  makeOrg,
  makeSite,
  makeSuperAdmin,
  makeTenant,
  makeUser,
  PASSWORD,
} from '../../../test/factories.js';
import { inRequestTransaction } from '../../platform/request-tx.js';
import { purgeAuditRows } from './repository.js';

const app = await makeApp();
const { db } = app.ctx;

async function rowsOf(client: { request: (m: string, u: string) => Promise<{ json(): unknown }> }, q = '') {
  return (await client.request('GET', `/api/audit?limit=1000${q}`)).json() as AuditRow[];
}

describe('audit trail', () => {
  it('records a create, an update and a delete with the record before and after', async () => {
    const t = await makeTenant(app);
    const created = await t.admin.request('POST', '/api/zones', { name: 'Dock', site: t.site.id });
    const zone = created.json();
    await t.admin.request('PUT', `/api/zones/${zone._id}`, { ...zone, name: 'Dock 2' });
    expect((await t.admin.request('DELETE', `/api/zones/${zone._id}`)).statusCode).toBe(204);

    const res = await t.admin.request('GET', `/api/audit?resource=zones&resourceId=${zone._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const [del, upd, cre] = res.json() as AuditRow[];
    expect(cre).toMatchObject({
      action: 'create',
      resource: 'zones',
      resourceId: zone._id,
      site: t.site.id,
      actor: { type: 'user', name: expect.any(String) },
      changes: { name: 'Dock', site: t.site.id },
    });
    expect(upd?.changes).toEqual({ name: ['Dock', 'Dock 2'] });
    expect(del).toMatchObject({ action: 'delete', changes: { name: 'Dock 2' } });
    expect(cre?.ip).toBeTruthy();
  });

  it("names each row's record: from the row, else from the trail's latest name the caller may read", async () => {
    const t = await makeTenant(app);
    const zone = (await t.admin.request('POST', '/api/zones', { name: 'Dock', site: t.site.id })).json();
    await t.admin.request('PUT', `/api/zones/${zone._id}`, { ...zone, description: 'North side' });
    await t.admin.request('PUT', `/api/zones/${zone._id}`, {
      ...zone,
      name: 'Dock 2',
      description: 'North side',
    });
    await t.admin.request('PUT', `/api/zones/${zone._id}`, { ...zone, name: 'Dock 2', description: 'South' });
    const rows = await rowsOf(t.admin, `&resource=zones&resourceId=${zone._id}`);
    expect(
      rows.map((r) => [
        r.action,
        Object.keys(r.changes ?? {})
          .sort()
          .join(),
        r.resourceName,
      ]),
    ).toEqual([
      ['update', 'description', 'Dock 2'],
      ['update', 'name', 'Dock 2'],
      ['update', 'description', 'Dock 2'],
      ['create', expect.any(String), 'Dock'],
    ]);
    // A sign-in names its actor; a row about no record names none.
    const [signIn] = await rowsOf(t.admin, '&action=login');
    expect(signIn?.resourceName).toBeTruthy();
    expect(signIn?.resourceName).toBe(signIn?.actor.name);
    // The name comes from rows the caller reads: another organization's same id names nothing here.
    const other = await makeTenant(app);
    expect(await rowsOf(other.admin, `&resourceId=${zone._id}`)).toEqual([]);
  });

  it('records a settings save as an update of what changed, and a purge run as a purge', async () => {
    const t = await makeTenant(app);
    const url = `/api/orgsettings?site=${t.site.id}`;
    const settings = (await t.admin.request('GET', url)).json();
    expect((await t.admin.request('POST', url, { ...settings, workerLabel: 'Staff' })).statusCode).toBe(200);
    const [saved] = (await t.admin.request('GET', '/api/audit?resource=orgsettings')).json() as AuditRow[];
    expect(saved).toMatchObject({
      action: 'update',
      changes: { workerLabel: [settings.workerLabel, 'Staff'] },
    });
    // Purging now needs modify on organizations: a Super Admin's.
    const boss = await makeSuperAdmin(app, t.org.id);
    expect((await boss.request('POST', '/api/retention/run')).statusCode).toBe(200);
    const purges = (
      await boss.request('GET', '/api/audit?action=purge&resource=retention')
    ).json() as AuditRow[];
    expect(purges).toHaveLength(1);
  });

  it('writes nothing for a refused change, and the change and its row commit together', async () => {
    const t = await makeTenant(app);
    const before = (await rowsOf(t.admin)).length;
    expect((await t.admin.request('POST', '/api/zones', { name: '', site: t.site.id })).statusCode).toBe(400);
    expect((await t.viewer.request('POST', '/api/zones', { name: 'X', site: t.site.id })).statusCode).toBe(
      403,
    );
    expect((await rowsOf(t.admin)).length).toBe(before);
  });

  it('redacts secrets: a new API key token and a password read "[redacted]"', async () => {
    const t = await makeTenant(app);
    const key = await t.admin.request('POST', '/api/apikeys', {
      name: 'Key',
      roles: [ROLE_IDS.viewer],
      securityCtx: { sites: [t.site.id] },
    });
    expect(key.statusCode).toBe(200);
    const user = await t.admin.request('POST', '/api/users', {
      name: 'New',
      username: `new-${Date.now()}@example.com`,
      roles: [ROLE_IDS.viewer],
      password: 'Granite-Puffin-Orbit-73',
    });
    expect(user.statusCode).toBe(200);
    const text = JSON.stringify(await rowsOf(t.admin));
    expect(text).not.toContain(key.json().token);
    expect(text).not.toContain('Granite-Puffin-Orbit-73');
    const [keyRow] = await rowsOf(t.admin, '&resource=apikeys');
    expect(keyRow?.action).toBe('create');
  });

  it('records sign-ins, refused sign-ins with their reason, and sign-outs', async () => {
    const t = await makeTenant(app);
    const u = await makeUser(app, t.org.id, { role: 'viewer' });
    const refused = await anonymous(app).request('POST', '/api/auth/login', {
      username: u.username,
      password: 'wrong-password-1',
    });
    expect(refused.statusCode).toBe(401);
    const client = await login(app, u.username, PASSWORD, u.id);
    await client.request('POST', '/api/auth/logout');
    const rows = await rowsOf(t.admin, `&actor=${u.id}`);
    expect(rows.map((r) => r.action)).toEqual(['logout', 'login', 'login-failed']);
    expect(rows[2]?.changes).toMatchObject({ reason: expect.any(String) });
  });

  it('is Super Admin and Admin only by default; 401 without a session', async () => {
    const t = await makeTenant(app);
    expect((await anonymous(app).request('GET', '/api/audit')).statusCode).toBe(401);
    for (const c of [t.manager, t.operator, t.viewer]) {
      expect((await c.request('GET', '/api/audit')).statusCode).toBe(403);
      expect((await c.request('GET', '/api/audit/verify')).statusCode).toBe(403);
      expect((await c.request('GET', '/api/audit/export')).statusCode).toBe(403);
    }
    expect((await t.admin.request('GET', '/api/audit?after=yesterday')).statusCode).toBe(400);
  });

  it('shows a site-limited admin only its sites’ rows and never another organization’s', async () => {
    const t = await makeTenant(app);
    const second = await makeSite(app, t.org.id, 'Second');
    await t.admin.request('POST', '/api/zones', { name: 'A', site: t.site.id });
    await t.admin.request('POST', '/api/zones', { name: 'B', site: second.id });
    const limitedUser = await makeUser(app, t.org.id, { role: 'admin', sites: [t.site.id] });
    const limited = await login(app, limitedUser.username, PASSWORD, limitedUser.id);
    const rows = await rowsOf(limited);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.site === t.site.id)).toBe(true);
    expect((await limited.request('GET', `/api/audit?site=${second.id}`)).statusCode).toBe(404);

    const other = await makeOrg(app, 'Other');
    const otherAdmin = await login(app, (await makeUser(app, other.id, { role: 'admin' })).username);
    const theirs = await rowsOf(otherAdmin);
    expect(theirs.some((r) => r.site === t.site.id || r.site === second.id)).toBe(false);
    expect((await otherAdmin.request('GET', `/api/audit?site=${t.site.id}`)).statusCode).toBe(404);
  });

  it('verifies the chain; a row altered by SQL is refused, and one altered past the trigger is found', async () => {
    const t = await makeTenant(app);
    await t.admin.request('POST', '/api/zones', { name: 'One', site: t.site.id });
    await t.admin.request('POST', '/api/zones', { name: 'Two', site: t.site.id });
    const ok = (await t.admin.request('GET', '/api/audit/verify')).json();
    expect(ok).toEqual({ ok: true, rows: expect.any(Number) });
    expect(ok.rows).toBeGreaterThanOrEqual(2);

    const [row] = await rowsOf(t.admin, '&resource=zones');
    await expect(
      db.execute(sql`UPDATE audit_rows SET actor_name = 'x' WHERE id = ${row?.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_rows WHERE id = ${row?.id}`)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE audit_rows`)).rejects.toThrow();

    // Someone who disables the trigger (the table's owner) still cannot hide an edit.
    await db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_rows DISABLE TRIGGER audit_rows_guard`);
      await tx.execute(sql`UPDATE audit_rows SET changes = '{"name":"Forged"}'::jsonb WHERE id = ${row?.id}`);
      await tx.execute(sql`ALTER TABLE audit_rows ENABLE TRIGGER audit_rows_guard`);
    });
    expect((await t.admin.request('GET', '/api/audit/verify')).json()).toEqual({
      ok: false,
      firstBad: row?.id,
    });
  });

  it('purges old rows, cutting the chain’s start and recording the cut; verify still holds', async () => {
    const t = await makeTenant(app);
    await t.admin.request('POST', '/api/zones', { name: 'Old', site: t.site.id });
    await t.admin.request('POST', '/api/zones', { name: 'Older', site: t.site.id });
    const [newest] = await rowsOf(t.admin);
    const cut = new Date(new Date(newest?.time ?? 0).getTime());
    const gone = await inRequestTransaction(app.ctx.database.db, (tx) => purgeAuditRows(tx, t.org.id, cut));
    expect(gone).toBeGreaterThan(0);
    const rows = await rowsOf(t.admin);
    expect(rows[0]).toMatchObject({ action: 'purge', changes: { rows: gone } });
    expect((await t.admin.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });
  });

  it('exports the filtered rows as a workbook', async () => {
    const t = await makeTenant(app);
    await t.admin.request('POST', '/api/zones', { name: 'Exported', site: t.site.id });
    const res = await t.admin.request('GET', '/api/audit/export?resource=zones');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('keeps REDACTED as the secrets’ text', () => {
    expect(REDACTED).toBe('[redacted]');
  });
});
