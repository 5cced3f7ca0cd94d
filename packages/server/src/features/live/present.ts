/**
 * What one subscriber of the live stream receives: the one step between the bus and a stream.
 * `presentLive(subscriber, message)` answers the message as this subscriber may see it, or
 * undefined when it sees nothing of it. The rule is the REST reads': a stream shows what
 * `GET things`, `GET events`, `GET exceptions` … of the same site answer the same credential.
 *
 * - Messages of another organization, another site, or addressed to another user: nothing.
 * - A site that hides its workers (hideWorkers): nothing that names a worker (a thing, an event,
 *   a zone change of a worker; an exception whose thing is a worker or whose things are all
 *   workers); an exception that lists workers among other things loses the workers from
 *   `multipleThings`, as `GET exceptions` presents it.
 * - Pseudonymous workers follow the worker, not the stream: a worker whose HOME site has
 *   pseudonymizeWorkers on, to a subscriber without `identify` on `workers` for that home site,
 *   is named by its pseudonym, its serial, description and photos withheld
 *   (features/privacy/pseudonyms.ts), on whichever site's stream it is seen; a worker of a home
 *   site without the setting is named on every stream. This is `workerViewFor`'s rule, which every
 *   REST presenter applies. Nothing is left out.
 *
 * A presentation never changes the message it is given: the bus hands the same object to every
 * subscriber, so a subscriber that sees it differently gets a copy (one per message and set of
 * masked workers, shared by every subscriber that sees it so, and serialised once).
 *
 * How a subscriber sees workers is its `workers` view, recomputed from the credential, the site's
 * settings and the organization's workers' home sites (worker-homes.ts) whenever the stream's
 * credential is checked again (platform/event-streams.ts), so a setting, a role or a worker's home
 * site changed while a stream is open takes effect within a recheck.
 */
import { can, type LiveData } from '@sightline/shared';
import type { Caller } from '../../platform/caller.js';
import type { LiveMessage } from '../../platform/live.js';
import { maskLiveMessage } from '../privacy/pseudonyms.js';
import { hidesWorkers } from '../sites/service.js';
import type { OrgWorkerHomes } from './worker-homes.js';

/** Whose identity a subscriber is denied: the sites whose workers it sees by pseudonym. */
interface WorkerMask {
  readonly maskedSites: ReadonlySet<string>;
  /** Worker id → home site, as last read; a worker missing from it is masked (created since). */
  readonly homes: ReadonlyMap<string, string>;
}

/** How a subscriber sees workers: as they are, some by pseudonym, or not at all (a site that hides them). */
type WorkerView = 'shown' | 'hidden' | WorkerMask;

export interface LiveSubscriber {
  orgId: string;
  userId: string;
  siteId: string;
  workers: WorkerView;
}

/**
 * The subscriber a caller is on a site. Reading workers needs only the site, as for every REST
 * read (platform/access.ts); the site's hideWorkers hides them from everyone; a worker is named by
 * pseudonym where its home site is pseudonymous and the caller lacks `identify` there.
 */
export function subscriberOf(
  caller: Caller,
  site: { id: string; settings: unknown },
  org: OrgWorkerHomes,
): LiveSubscriber {
  const base = { orgId: caller.orgId, userId: caller.id, siteId: site.id };
  if (hidesWorkers(site)) return { ...base, workers: 'hidden' };
  const maskedSites = new Set(
    [...org.pseudonymousSites].filter((s) => !can(caller.rules, 'workers', 'identify', s)),
  );
  return { ...base, workers: maskedSites.size ? { maskedSites, homes: org.homes } : 'shown' };
}

/** The message without its workers, shared by every subscriber that hides them (null: nothing left). */
const withoutWorkers = new WeakMap<LiveMessage, LiveMessage | null>();

function hideWorkersOf(m: LiveMessage): LiveMessage | undefined {
  const workers = m.workers;
  if (!workers?.length) return m;
  let shown = withoutWorkers.get(m);
  if (shown === undefined) {
    shown = null;
    if (m.type === 'exception') {
      const data = m.data as LiveData<'exception'>;
      const kept = data.multipleThings.filter((id) => !workers.includes(id));
      const aboutAWorker = data.thing !== null && workers.includes(data.thing);
      const onlyWorkers = data.multipleThings.length > 0 && kept.length === 0;
      if (!aboutAWorker && !onlyWorkers) {
        shown = { ...m, workers: undefined, data: { ...data, multipleThings: kept } };
      }
    }
    withoutWorkers.set(m, shown);
  }
  return shown ?? undefined;
}

/** The home site a `thing` message states for the worker (the record or state as published). */
function homeInMessage(m: LiveMessage, workerId: string): string | undefined {
  if (m.type !== 'thing' || typeof m.data !== 'object' || m.data === null) return undefined;
  const data = m.data as { _id?: unknown; site?: unknown; thing?: { _id?: unknown; site?: unknown } };
  if (data.thing?._id === workerId && typeof data.thing.site === 'string') return data.thing.site;
  if (data._id === workerId && typeof data.site === 'string') return data.site;
  return undefined;
}

/** Whether `mask` names this worker by pseudonym: its home site is masked, or unknown yet. */
function masksWorker(mask: WorkerMask, m: LiveMessage, workerId: string): boolean {
  const home = homeInMessage(m, workerId) ?? mask.homes.get(workerId);
  return home === undefined || mask.maskedSites.has(home);
}

/**
 * The message with the workers `mask` masks by their pseudonym; one copy per message and set of
 * masked workers, shared by every subscriber that masks the same ones.
 */
const withPseudonyms = new WeakMap<LiveMessage, Map<string, LiveMessage>>();

function pseudonymsOf(m: LiveMessage, mask: WorkerMask): LiveMessage {
  const masked = (m.workers ?? []).filter((w) => masksWorker(mask, m, w));
  if (!masked.length) return m;
  const key = masked.join(',');
  let copies = withPseudonyms.get(m);
  if (!copies) {
    copies = new Map();
    withPseudonyms.set(m, copies);
  }
  let shown = copies.get(key);
  if (shown === undefined) {
    shown = maskLiveMessage((id) => masked.includes(id), m);
    copies.set(key, shown);
  }
  return shown;
}

/** The message as `subscriber` sees it, or undefined when it sees nothing of it. */
export function presentLive(subscriber: LiveSubscriber, m: LiveMessage): LiveMessage | undefined {
  if (m.orgId !== subscriber.orgId) return undefined;
  if (m.siteId && m.siteId !== subscriber.siteId) return undefined;
  if (m.userId && m.userId !== subscriber.userId) return undefined;
  if (subscriber.workers === 'hidden') return hideWorkersOf(m);
  return subscriber.workers === 'shown' ? m : pseudonymsOf(m, subscriber.workers);
}
