/**
 * First start on an empty database: an organization, its first site and an admin (Super Admin)
 * whose password is printed once (or ADMIN_EMAIL / ADMIN_PASSWORD), then the demo data unless DEMO=0.
 */
import { ALL_SITES, ROLE_IDS } from '@sightline/shared';
import { count, sql } from 'drizzle-orm';
import type { Config } from './config.js';
import { organizations, users } from './db/schema.js';
import { seedDemo } from './features/demo/seed.js';
import type { App } from './platform/context.js';
import { hashPassword } from './platform/crypto.js';
import { newId, randomToken } from './platform/ids.js';

export async function bootstrap(app: App, config: Config): Promise<void> {
  const { db } = app.ctx;
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7245003)`);
    const [orgs] = await tx.select({ n: count() }).from(organizations);
    if ((orgs?.n ?? 0) > 0) return undefined;
    const orgId = newId();
    await tx.insert(organizations).values({ id: orgId, name: 'Demo Organization', subdomain: 'demo' });
    const email = config.adminEmail ?? 'admin@sightline.local';
    const password = config.adminPassword ?? `${randomToken(9)}-Sl9`;
    await tx.insert(users).values({
      id: newId(),
      orgId,
      name: 'Administrator',
      username: email,
      passwordHash: await hashPassword(password),
      roles: [ROLE_IDS.superAdmin],
      sites: [ALL_SITES],
    });
    return { orgId, email, password, generated: !config.adminPassword };
  });
  if (created) {
    const banner = [
      '',
      '  Sightline is ready. Sign in as the administrator:',
      `    email:    ${created.email}`,
      created.generated
        ? `    password: ${created.password}   (shown once; set ADMIN_PASSWORD to choose it)`
        : '    password: (from ADMIN_PASSWORD)',
      '',
    ].join('\n');
    console.log(banner);
  }
  if (config.demo) await seedDemo(app);
}
