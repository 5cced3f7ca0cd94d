/**
 * Reads the environment, builds the app, bootstraps an empty database, listens and prints the
 * ready banner last. SIGTERM/SIGINT shut down gracefully within SHUTDOWN_TIMEOUT_MS (see shutdown.ts).
 */
import { buildApp } from './app.js';
import { bootstrap, printReadyBanner } from './bootstrap.js';
import { configFromEnv } from './config.js';
import { handleShutdownSignals } from './platform/shutdown.js';

const config = configFromEnv();
const app = await buildApp(config);
handleShutdownSignals(app, config.shutdownTimeoutMs);
const firstStart = await bootstrap(app, config);
await app.listen({ port: config.port, host: config.host });
printReadyBanner(app, config, firstStart);
