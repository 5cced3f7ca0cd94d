/** Reads the environment, builds the app, bootstraps an empty database and listens. */
import { buildApp } from './app.js';
import { bootstrap } from './bootstrap.js';
import { configFromEnv } from './config.js';

const config = configFromEnv();
const app = await buildApp(config);
await bootstrap(app, config);
await app.listen({ port: config.port, host: config.host });
app.log.info(`Sightline listening on ${config.publicUrl}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
