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
 * - A site whose workers are pseudonymous (pseudonymizeWorkers) to a subscriber without
 *   `identify` on `workers` there: every worker the message names carries its pseudonym, its
 *   serial, description and photos withheld (features/privacy/pseudonyms.ts); nothing is left out.
 *
 * A presentation never changes the message it is given: the bus hands the same object to every
 * subscriber, so a subscriber that sees it differently gets a copy (one per message, shared by
 * every subscriber that sees it so, and serialised once).
 *
 * How a subscriber sees workers is its `workers` view, recomputed from the credential and the
 * site's settings whenever the stream's credential is checked again (platform/event-streams.ts),
 * so a setting or a role changed while a stream is open takes effect within a recheck.
 */
import { can, type LiveData, SiteSettings } from '@sightline/shared';
import type { Caller } from '../../platform/caller.js';
import type { LiveMessage } from '../../platform/live.js';
import { maskLiveMessage } from '../privacy/pseudonyms.js';
import { hidesWorkers } from '../sites/service.js';

/** How a subscriber sees workers: as they are, by pseudonym, or not at all (a site that hides them). */
type WorkerView = 'shown' | 'pseudonymous' | 'hidden';

export interface LiveSubscriber {
  orgId: string;
  userId: string;
  siteId: string;
  workers: WorkerView;
}

/**
 * The subscriber a caller is on a site. Reading workers needs only the site, as for every REST
 * read (platform/access.ts); the site's hideWorkers hides them from everyone, its
 * pseudonymizeWorkers names them by pseudonym to whoever lacks `identify` on `workers` there.
 */
export function subscriberOf(caller: Caller, site: { id: string; settings: unknown }): LiveSubscriber {
  const pseudonymous =
    SiteSettings.parse(site.settings ?? {}).pseudonymizeWorkers &&
    !can(caller.rules, 'workers', 'identify', site.id);
  return {
    orgId: caller.orgId,
    userId: caller.id,
    siteId: site.id,
    workers: hidesWorkers(site) ? 'hidden' : pseudonymous ? 'pseudonymous' : 'shown',
  };
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

/**
 * The message with the workers it names (its `workers`) by pseudonym, shared by every subscriber
 * that sees them so. The copy depends on the message alone: on a stream of a site whose workers are
 * pseudonymous to the subscriber, every worker a message names is shown by its pseudonym.
 */
const withPseudonyms = new WeakMap<LiveMessage, LiveMessage>();

function pseudonymsOf(m: LiveMessage): LiveMessage {
  const workers = m.workers;
  if (!workers?.length) return m;
  let shown = withPseudonyms.get(m);
  if (shown === undefined) {
    shown = maskLiveMessage((id) => workers.includes(id), m);
    withPseudonyms.set(m, shown);
  }
  return shown;
}

/** The message as `subscriber` sees it, or undefined when it sees nothing of it. */
export function presentLive(subscriber: LiveSubscriber, m: LiveMessage): LiveMessage | undefined {
  if (m.orgId !== subscriber.orgId) return undefined;
  if (m.siteId && m.siteId !== subscriber.siteId) return undefined;
  if (m.userId && m.userId !== subscriber.userId) return undefined;
  if (subscriber.workers === 'hidden') return hideWorkersOf(m);
  return subscriber.workers === 'pseudonymous' ? pseudonymsOf(m) : m;
}
