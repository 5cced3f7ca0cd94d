/**
 * Finds what the CLI simulator drives, through the server's own API: the sites, their zones'
 * gate readers (uuid from `GET api/endpoints`, key from `GET api/endpoints/{id}`), and the tags
 * of their things (`GET api/things`). Signs in with an API key (Bearer) or an administrator's
 * email and password. Endpoints given on the command line (`uuid:key`) need no lookup.
 */
import { CSRF_HEADER, CSRF_VALUE } from '@sightline/shared';
import type { SimStation } from './simulator.js';

export interface DiscoverOptions {
  url: string;
  apiKey?: string;
  email?: string;
  password?: string;
  /** A site id or name; default every site the caller can read. */
  site?: string;
  /** At most this many endpoints. */
  endpoints: number;
  /** This many tags: the things' tags first, then synthetic ones. */
  tags: number;
  /** Endpoints given directly (`uuid:key`): used instead of looking them up. */
  given?: SimStation[];
}

export interface Discovered {
  stations: SimStation[];
  tags: string[];
  /** How many of the tags belong to no thing (the server records their events unmatched). */
  synthetic: number;
  notes: string[];
}

interface ApiZone {
  _id: string;
  name: string;
  duration: number;
  immediateKill: boolean;
  gates: { endpoint: string; direction: SimStation['direction']; antenna: number }[];
}
interface ApiEndpoint {
  _id: string;
  name: string;
  uuid: string;
  key?: unknown;
}

/** A synthetic EPC: "SIM" in hex, then a counter — 24 hex characters like a 96-bit EPC. */
export const syntheticTag = (n: number) => `53494D${n.toString(16).toUpperCase().padStart(18, '0')}`;

class ApiClient {
  private headers: Record<string, string> = {};
  constructor(private readonly base: string) {}

  async signIn(opts: Pick<DiscoverOptions, 'apiKey' | 'email' | 'password'>): Promise<void> {
    if (opts.apiKey) {
      this.headers = { authorization: `Bearer ${opts.apiKey}` };
      return;
    }
    if (!opts.email || !opts.password) throw new Error('give --api-key, or --email and --password');
    const res = await fetch(`${this.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: opts.email, password: opts.password }),
    });
    if (res.status !== 200) throw new Error(`sign-in failed (${res.status}): ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    this.headers = { cookie, [CSRF_HEADER]: CSRF_VALUE };
  }

  async get<T>(path: string): Promise<T> {
    const res = await fetch(`${this.base}${path}`, { headers: this.headers });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }
}

export async function discover(opts: DiscoverOptions): Promise<Discovered> {
  const base = opts.url.replace(/\/+$/, '');
  const notes: string[] = [];
  const signedIn = Boolean(opts.apiKey || (opts.email && opts.password));
  const api = new ApiClient(base);
  if (signedIn) await api.signIn(opts);
  else if (!opts.given?.length)
    throw new Error('give --api-key, or --email and --password, or --endpoint uuid:key');

  const stations: SimStation[] = [...(opts.given ?? [])];
  const tags: string[] = [];
  if (signedIn) {
    const allSites = await api.get<{ _id: string; name: string }[]>('/api/sites?limit=1000');
    const sites = opts.site ? allSites.filter((s) => s._id === opts.site || s.name === opts.site) : allSites;
    if (!sites.length) throw new Error(opts.site ? `no site ${opts.site}` : 'the caller can read no site');
    for (const site of sites) {
      if (!opts.given?.length && stations.length < opts.endpoints) {
        stations.push(...(await gateStations(api, site._id, notes)));
      }
      if (tags.length < opts.tags) {
        const things = await api.get<{ tag1: string }[]>(
          `/api/things?site=${site._id}&limit=${Math.min(1000, opts.tags)}`,
        );
        for (const t of things)
          if (t.tag1 && tags.length < opts.tags && !tags.includes(t.tag1)) tags.push(t.tag1);
      }
    }
  }
  const found = tags.length;
  for (let n = 1; tags.length < opts.tags; n++) tags.push(syntheticTag(n));
  return { stations: stations.slice(0, opts.endpoints), tags, synthetic: tags.length - found, notes };
}

/** One station per gated zone of the site (immediate-kill zones last: they take things off site). */
async function gateStations(api: ApiClient, siteId: string, notes: string[]): Promise<SimStation[]> {
  const zones = await api.get<ApiZone[]>(`/api/zones?site=${siteId}&limit=3000`);
  const endpoints = await api.get<ApiEndpoint[]>(`/api/endpoints?site=${siteId}&limit=1000`);
  const byId = new Map(endpoints.map((e) => [e._id, e]));
  const keys = new Map<string, string>();
  const stations: SimStation[] = [];
  const ordered = [...zones].sort((a, b) => Number(a.immediateKill) - Number(b.immediateKill));
  for (const zone of ordered) {
    const gate = zone.gates.find((g) => byId.has(g.endpoint));
    const endpoint = gate && byId.get(gate.endpoint);
    if (!gate || !endpoint) continue;
    let key = keys.get(endpoint._id);
    if (key === undefined) {
      const full = await api.get<ApiEndpoint>(`/api/endpoints/${endpoint._id}`).catch(() => undefined);
      if (typeof full?.key !== 'string' || !full.key) {
        notes.push(`no key for endpoint ${endpoint.name} (GET api/endpoints/{id} did not return one)`);
        continue;
      }
      key = full.key;
      keys.set(endpoint._id, key);
    }
    const alertMs = Math.round(zone.duration / 1_000_000);
    stations.push({
      uuid: endpoint.uuid,
      key,
      name: `${endpoint.name} (${zone.name})`,
      antenna: gate.antenna > 0 ? gate.antenna : 1,
      direction: gate.direction ?? 'NEAR',
      ...(alertMs > 0 && alertMs <= 3_600_000 ? { holdMs: alertMs } : {}),
    });
  }
  return stations;
}
