/**
 * `npm run simulate -- --url http://localhost:8080 --endpoints N --tags M --rate R`: the reader
 * simulator against a running server, over the native HTTP interface. See --help.
 */
import { parseArgs } from 'node:util';
import { discover } from './simulator/discover.js';
import { createSimulator, type SimStation } from './simulator/simulator.js';
import { httpTransport } from './simulator/transport.js';

const HELP = `Sightline reader simulator: drives tags through zones over the native ingest
interface (POST /api/ingest/sightings), as fixed readers at the zones' gates would.

Usage: npm run simulate -- [options]

  --url URL            server address (default http://localhost:8080)
  --endpoints N        at most N endpoints (default 5)
  --tags M             M tags (default 50): the things' tags first, then synthetic
                       ones (53494D…, "SIM") that belong to no thing
  --rate R             sightings per second over all tags (default 10)
  --interval MS        milliseconds between batches (default 1000)
  --move-chance P      chance a sighting moves its tag to another gate (default 0.3)
  --duration S         stop after S seconds (default: run until Ctrl-C)
  --site SITE          only this site (id or name); default every site the caller reads

Where endpoints and tags come from — sign in with either
  --api-key TOKEN      an API key (Admin → API Keys), sent as a Bearer token;
                       or the environment variable SIGHTLINE_API_KEY
  --email E --password P
                       a user's sign-in (SIGHTLINE_EMAIL / SIGHTLINE_PASSWORD)
and the simulator reads the sites (GET api/sites), each zone's gate endpoint
(GET api/zones, GET api/endpoints; its key from GET api/endpoints/{id}, which needs
a role that may see endpoint keys) and the things' tags (GET api/things).

  --endpoint UUID:KEY  use this endpoint (repeat for more) instead of looking up
                       the gates; works without signing in (tags are then synthetic)

Examples:
  npm run simulate -- --url http://localhost:8080 --api-key sk_... --endpoints 4 --tags 100 --rate 20
  npm run simulate -- --endpoint 5f0c...:k3y --endpoint 9a1b...:k3y2 --tags 10 --rate 2
`;

function fail(message: string): never {
  console.error(`simulate: ${message}\n\nRun with --help for the options.`);
  process.exit(2);
}

function positive(name: string, value: string | undefined, dflt: number, integer = true): number {
  if (value === undefined) return dflt;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    fail(`--${name} must be a positive ${integer ? 'integer' : 'number'}`);
  return n;
}

function givenEndpoint(value: string): SimStation {
  const colon = value.indexOf(':');
  if (colon <= 0 || colon === value.length - 1) fail(`--endpoint takes UUID:KEY (got ${value})`);
  const uuid = value.slice(0, colon);
  return { uuid, key: value.slice(colon + 1), name: uuid };
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      endpoints: { type: 'string' },
      tags: { type: 'string' },
      rate: { type: 'string' },
      interval: { type: 'string' },
      'move-chance': { type: 'string' },
      duration: { type: 'string' },
      site: { type: 'string' },
      'api-key': { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      endpoint: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const moveChance = values['move-chance'] === undefined ? 0.3 : Number(values['move-chance']);
  if (!(moveChance >= 0 && moveChance <= 1)) fail('--move-chance must be between 0 and 1');
  const url = values.url ?? 'http://localhost:8080';
  const found = await discover({
    url,
    apiKey: values['api-key'] ?? process.env.SIGHTLINE_API_KEY,
    email: values.email ?? process.env.SIGHTLINE_EMAIL,
    password: values.password ?? process.env.SIGHTLINE_PASSWORD,
    site: values.site,
    endpoints: positive('endpoints', values.endpoints, 5),
    tags: positive('tags', values.tags, 50),
    given: (values.endpoint ?? []).map(givenEndpoint),
  });
  for (const note of found.notes) console.warn(`simulate: ${note}`);
  if (!found.stations.length)
    fail('no endpoint to simulate: no gated zone with a readable key; pass --endpoint UUID:KEY');
  const rate = positive('rate', values.rate, 10, false);
  const intervalMs = positive('interval', values.interval, 1000);
  const simulator = createSimulator({
    stations: found.stations,
    tags: found.tags,
    rate,
    intervalMs,
    moveChance,
    transport: httpTransport(url),
    onError: (message) => console.warn(`simulate: ${message}`),
  });
  console.log(
    `Simulating ${found.tags.length} tags (${found.synthetic} synthetic) through ${found.stations.length} endpoints at ${rate}/s:`,
  );
  for (const s of found.stations) console.log(`  ${s.name ?? s.uuid}`);
  simulator.start();
  const report = setInterval(() => {
    const t = simulator.totals;
    console.log(`sent ${t.sent}, failed ${t.failed}, moves ${t.moves}, holds ${t.holds}`);
  }, 10_000);
  const stop = async () => {
    clearInterval(report);
    await simulator.stop();
    const t = simulator.totals;
    console.log(`done: sent ${t.sent}, failed ${t.failed}, moves ${t.moves}`);
    process.exit(t.sent === 0 && t.failed > 0 ? 1 : 0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  if (values.duration !== undefined)
    setTimeout(() => void stop(), positive('duration', values.duration, 0, false) * 1000);
}

main().catch((err: unknown) => fail((err as Error).message));
