/**
 * First start on an empty database: an organization, its first site and an admin (Super Admin)
 * whose password is printed once (or ADMIN_EMAIL / ADMIN_PASSWORD), then the demo data unless DEMO=0.
 */
import { ALL_SITES, ROLE_IDS } from '@sightline/shared';
import { count, sql } from 'drizzle-orm';
import type { Config } from './config.js';
import { FIRST_START_LOCK } from './db/locks.js';
import { organizations, users } from './db/schema.js';
import { type DemoSummary, seedDemo } from './features/demo/seed.js';
import type { App } from './platform/context.js';
import { hashPassword } from './platform/crypto.js';
import { newId, randomToken } from './platform/ids.js';

interface AdminCredentials {
  email: string;
  password: string;
  /** The password was generated (not ADMIN_PASSWORD): it is shown once, in the ready banner. */
  generated: boolean;
}

/**
 * Creates the first organization and administrator on an empty database and loads the demo.
 * Returns what it created (first start only), for the ready banner to show once.
 */
interface FirstStart {
  admin?: AdminCredentials;
  demo?: DemoSummary;
}

export async function bootstrap(app: App, config: Config): Promise<FirstStart> {
  const { db } = app.ctx;
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_START_LOCK})`);
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
    return { email, password, generated: !config.adminPassword };
  });
  // The demo's users are printed by the ready banner, with the administrator, not here.
  const demo = config.demo ? await seedDemo(app, { print: () => undefined }) : undefined;
  return { admin: created, demo };
}

/**
 * The last thing `npm start` prints: where the console is and, on the first start only, how to
 * sign in. Plain lines for a person; with LOG_FORMAT=json one JSON entry for machines.
 */
export function printReadyBanner(app: App, config: Config, { admin, demo }: FirstStart): void {
  if (config.logFormat === 'json') {
    app.log.info(
      {
        url: config.publicUrl,
        ...(admin && { adminEmail: admin.email, ...(admin.generated && { adminPassword: admin.password }) }),
        ...(demo && {
          demoUsers: demo.users.map((u) => u.email),
          ...(!config.adminPassword && { demoPassword: demo.password }),
        }),
      },
      'Sightline is ready',
    );
    return;
  }
  const lines = ['', `  Sightline is ready at ${config.publicUrl}`];
  if (admin) {
    lines.push(
      '  Sign in as the administrator:',
      `    email:    ${admin.email}`,
      admin.generated
        ? `    password: ${admin.password}   (shown once; set ADMIN_PASSWORD to choose it)`
        : '    password: (from ADMIN_PASSWORD)',
    );
  }
  if (demo) {
    const width = Math.max(...demo.users.map((u) => u.email.length));
    lines.push(
      '  Demo users (one per role):',
      ...demo.users.map((u) => `    ${u.email.padEnd(width)}  (${u.role})`),
      config.adminPassword
        ? '    password: (from ADMIN_PASSWORD)'
        : `    password: ${demo.password}   (the same for all; shown once)`,
    );
  }
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);
}
