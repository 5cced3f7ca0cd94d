// Starts a fresh Sightline for the browser tests: empty embedded database, demo data,
// known admin credentials, mail to the outbox (read by the password-reset journey).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, `.tmp/e2e-data-${process.env.E2E_PORT ?? '8181'}`);
rmSync(dataDir, { recursive: true, force: true });
const child = spawn('npx', ['tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '8181',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '8181'}`,
    ADMIN_EMAIL: 'admin@sightline.local',
    ADMIN_PASSWORD: 'Sightline-Demo-2024!',
    DEMO: '1',
    // Journeys drive movement themselves (the tracking journey runs the simulator CLI), so the
    // demo's own simulator stays off and lists do not reorder under a test.
    DEMO_SIMULATOR: '0',
    LOG_LEVEL: 'warn',
    // The webhooks journey runs its receiver on loopback.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // The SSO journeys use an OpenID provider the test starts on loopback.
    SSO_ALLOW_PRIVATE: 'true',
    // The connections journey runs its simulated LLRP reader on loopback.
    READER_ALLOW_LOOPBACK: 'true',
    // The lockout journey needs ten failures in a row; the per-minute limit is covered by the API tests.
    LOGIN_RATE_WINDOW_MS: '1',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
