/**
 * The webhook outbox (docs/decisions/0031-webhooks.md): every change that matches a webhook becomes a
 * `webhook_deliveries` row written in the SAME transaction as the change, so a change is
 * delivered if and only if it committed. The transaction also NOTIFYs `sightline_webhooks` with
 * the webhook ids; PostgreSQL delivers that only on COMMIT, and each instance's listener then
 * queues a pg-boss drain job (see queue.ts). A lost wake-up is caught by the sweep.
 */
import {
  type ExceptionChange,
  type ExceptionRecord,
  exceptionMessage,
  NO_THING_ID,
  presentThing,
  type WebhookEvent,
  type WebhookField,
  type WebhookFormat,
} from '@sightline/shared';
import { and, eq, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { things } from '../../db/schema.js';
import type { EngineMessage } from '../../tracking/engine/index.js';
import { textArray } from '../../tracking/store/arrays.js';
import type { Committed } from '../../tracking/store/publish.js';
import { epcisDocumentsOf } from '../epcis/webhook.js';
import { maskException, maskThing, recipientView } from '../privacy/pseudonyms.js';
import { mapChange, type WebhookChange, type WebhookThing, webhookThing } from './payload.js';

export const WEBHOOK_CHANNEL = 'sightline_webhooks';

interface HookRow {
  id: string;
  event: WebhookEvent;
  format: WebhookFormat;
  fields: WebhookField[];
}

async function hooksFor(tx: Tx, orgId: string, events: WebhookEvent[]): Promise<HookRow[]> {
  if (!events.length) return [];
  return rows<HookRow>(
    tx,
    sql`SELECT id, event, format, fields FROM webhooks
        WHERE org_id = ${orgId} AND event = ANY(${textArray(events, (e) => e)}::text[]) ORDER BY id`,
  );
}

/** The mapped fields of things, by id: each thing as the API presents it, with its categories' names. */
async function loadThings(tx: Tx, orgId: string, ids: string[]): Promise<Map<string, WebhookThing>> {
  const unique = [...new Set(ids)].filter((id) => id !== NO_THING_ID);
  if (!unique.length) return new Map();
  const found = await tx
    .select({
      thing: things,
      categoryNames: sql<string[]>`COALESCE((SELECT array_agg(c.name ORDER BY c.name) FROM categories c
        WHERE c.org_id = ${things.orgId} AND c.id = ANY(${things.categories})), '{}')`,
    })
    .from(things)
    .where(and(eq(things.orgId, orgId), sql`${things.id} = ANY(${textArray(unique, same)}::text[])`));
  // Webhook receivers identify no one: a pseudonymous worker goes out under its pseudonym.
  const view = await recipientView(tx, orgId, false);
  return new Map(
    found.map((r) => [r.thing.id, webhookThing(maskThing(view, presentThing(r.thing)), r.categoryNames)]),
  );
}

/**
 * Writes the deliveries, then NOTIFYs. A `json` webhook gets one per change its mapping lets
 * through; an `epcis` webhook one EPCISDocument of the Sightline events behind the changes its
 * filters let through (`eventOf[i]`: the id of change i's event; a change without one, such as a
 * thing leaving every zone by time, has no EPCIS event and sends nothing).
 */
async function enqueue(
  tx: Tx,
  orgId: string,
  hooks: HookRow[],
  changes: WebhookChange[],
  eventOf: readonly (number | undefined)[] = [],
): Promise<number> {
  const ids: string[] = [];
  const events: string[] = [];
  const payloads: string[] = [];
  for (const change of changes) {
    for (const hook of hooks) {
      if (hook.format !== 'json' || hook.event !== change.event) continue;
      const body = mapChange(change, hook.fields);
      if (!body) continue;
      ids.push(hook.id);
      events.push(change.event);
      payloads.push(JSON.stringify(body));
    }
  }
  for (const hook of hooks) {
    if (hook.format !== 'epcis') continue;
    const matched = changes.flatMap((change, i) => {
      const id = eventOf[i];
      return hook.event === change.event && id !== undefined && mapChange(change, hook.fields) ? [id] : [];
    });
    for (const document of await epcisDocumentsOf(tx, orgId, matched)) {
      ids.push(hook.id);
      events.push(hook.event);
      payloads.push(JSON.stringify(document));
    }
  }
  if (!ids.length) return 0;
  // One statement; ORDINALITY keeps the changes' order in the bigserial ids (delivery order).
  await tx.execute(sql`INSERT INTO webhook_deliveries (webhook_id, event, payload)
    SELECT w, e, p::jsonb FROM unnest(${textArray(ids, same)}::text[], ${textArray(events, same)}::text[], ${textArray(payloads, same)}::text[])
      WITH ORDINALITY AS x(w, e, p, n) ORDER BY n`);
  await tx.execute(sql`SELECT pg_notify(${WEBHOOK_CHANNEL}, ${[...new Set(ids)].join(',')})`);
  return ids.length;
}

/**
 * The id of the event behind a tracking change: a new event's own; for a zone change, the batch's
 * last event of that thing in the zone it moved to.
 */
function eventIdOf(committed: Committed, m: EngineMessage): number | undefined {
  if (m.type === 'event') return committed.eventIds.get(m.event);
  if (m.type !== 'zoneChange' || m.toZoneId === null) return undefined;
  for (let i = committed.messages.length - 1; i >= 0; i--) {
    const e = committed.messages[i];
    if (e?.type === 'event' && e.event.thingId === m.thingId && e.event.zoneId === m.toZoneId)
      return committed.eventIds.get(e.event);
  }
  return undefined;
}

const same = (s: string) => s;
const iso = (ms: number) => new Date(ms).toISOString();

/** The tracking engine's hook: called once per committed batch, inside its transaction. */
export async function enqueueTrackingWebhooks(tx: Tx, committed: Committed): Promise<void> {
  const wanted = new Set<WebhookEvent>();
  for (const m of committed.messages) {
    if (m.type === 'event' && m.event.eventId === null) wanted.add('seen');
    else if (m.type === 'zoneChange') wanted.add('zoneChange');
    else if (m.type === 'thing') wanted.add(m.change);
  }
  const hooks = await hooksFor(tx, committed.orgId, [...wanted]);
  if (!hooks.length) return;
  const events = new Set(hooks.map((h) => h.event));
  const relevant = committed.messages.filter((m) => events.has(eventOf(m) as WebhookEvent));
  const things = await loadThings(tx, committed.orgId, relevant.map(thingIdOf));
  const dir = committed.directory;
  const zoneName = (id: string | null) => (id === null ? null : (dir.zoneNames.get(id) ?? null));
  const changes = relevant.map((m): WebhookChange => {
    const thing = things.get(thingIdOf(m)) ?? null;
    if (m.type === 'event') {
      const e = m.event;
      return {
        event: 'seen',
        thing,
        tag: e.tag,
        time: iso(e.firstTime),
        zone: e.zoneId,
        zoneName: zoneName(e.zoneId),
        endpoint: e.endpointId,
        endpointName: e.endpointId === null ? null : (dir.endpointNames.get(e.endpointId) ?? null),
        direction: e.direction,
        antenna: e.antenna,
      };
    }
    if (m.type === 'zoneChange') {
      return { ...blank('zoneChange', thing, iso(m.time)), zone: m.toZoneId, zoneName: zoneName(m.toZoneId) };
    }
    const t = m.type === 'thing' ? m.thing : undefined;
    return {
      ...blank(eventOf(m) as WebhookEvent, thing, iso(t?.lastEvent ?? Date.now())),
      zone: t?.zoneId ?? null,
      zoneName: zoneName(t?.zoneId ?? null),
      endpoint: t?.endpointId ?? null,
      endpointName: t?.endpointId ? (dir.endpointNames.get(t.endpointId) ?? null) : null,
      direction: t?.direction ?? null,
    };
  });
  await enqueue(
    tx,
    committed.orgId,
    hooks,
    changes,
    relevant.map((m) => eventIdOf(committed, m)),
  );
}

function eventOf(m: EngineMessage): string | undefined {
  if (m.type === 'event') return m.event.eventId === null ? 'seen' : undefined;
  if (m.type === 'zoneChange') return 'zoneChange';
  if (m.type === 'thing') return m.change;
  return undefined;
}

function thingIdOf(m: EngineMessage): string {
  if (m.type === 'event') return m.event.thingId;
  if (m.type === 'zoneChange') return m.thingId;
  if (m.type === 'thing') return m.thing.id;
  return NO_THING_ID;
}

function blank(event: WebhookEvent, thing: WebhookThing | null, time: string): WebhookChange {
  return {
    event,
    thing,
    tag: null,
    time,
    zone: null,
    zoneName: null,
    endpoint: null,
    endpointName: null,
    direction: null,
    antenna: null,
  };
}

/** The things API's hook: a thing created, updated or deleted by a person, inside the write's transaction. */
export async function enqueueThingWebhooks(
  tx: Tx,
  orgId: string,
  change: 'created' | 'updated' | 'deleted',
  thingId: string,
): Promise<void> {
  const hooks = await hooksFor(tx, orgId, [change]);
  if (!hooks.length) return;
  const things = await loadThings(tx, orgId, [thingId]);
  const [state] = await rows<{ zone: string | null; zone_name: string | null }>(
    tx,
    sql`SELECT t.zone_id AS zone, z.name AS zone_name FROM things t LEFT JOIN zones z ON z.id = t.zone_id
        WHERE t.org_id = ${orgId} AND t.id = ${thingId}`,
  );
  const changeRecord: WebhookChange = {
    ...blank(change, things.get(thingId) ?? null, new Date().toISOString()),
    zone: state?.zone ?? null,
    zoneName: state?.zone_name ?? null,
  };
  await enqueue(tx, orgId, hooks, [changeRecord]);
}

/** One change of an exception, with the exception as it stands after it. */
interface ExceptionStep {
  change: ExceptionChange;
  record: ExceptionRecord;
}

/**
 * The exceptions' hook (event `exception`): each change — raised, acknowledged, resolved,
 * escalated — inside the transaction that made it, with the exception as it stands after it.
 * Its thing and thing name are a worker's pseudonym where the site makes workers pseudonymous.
 */
export async function enqueueExceptionWebhooks(
  tx: Tx,
  orgId: string,
  steps: readonly ExceptionStep[],
): Promise<void> {
  if (!steps.length) return;
  const hooks = await hooksFor(tx, orgId, ['exception']);
  if (!hooks.length) return;
  const things = await loadThings(
    tx,
    orgId,
    steps.flatMap((s) => (s.record.thing ? [s.record.thing] : [])),
  );
  const view = await recipientView(tx, orgId);
  const changes = steps.map(({ change, record }): WebhookChange => {
    const r = maskException(view, record);
    const message = r.thingName === record.thingName ? r.message : exceptionMessage(r);
    return {
      ...blank('exception', r.thing ? (things.get(r.thing) ?? null) : null, r.time),
      zone: r.zone,
      zoneName: r.zoneName,
      endpoint: r.endpoint,
      endpointName: r.endpointName,
      antenna: r.antenna,
      exception: {
        change,
        _id: r._id,
        type: r.type,
        state: r.state,
        time: r.time,
        site: r.site,
        thing: r.thing,
        thingName: r.thingName,
        zone: r.zone,
        zoneName: r.zoneName,
        endpoint: r.endpoint,
        endpointName: r.endpointName,
        antenna: r.antenna,
        message,
        acknowledgedBy: r.acknowledgedBy,
        acknowledgedAt: r.acknowledgedAt,
        resolvedBy: r.resolvedBy,
        resolvedAt: r.resolvedAt,
        escalatedAt: r.escalatedAt,
        note: r.note,
      },
    };
  });
  await enqueue(tx, orgId, hooks, changes);
}

/** A test delivery's body: the webhook's mapping applied to a sample change. */
export function sampleChange(event: WebhookEvent): WebhookChange {
  const time = new Date().toISOString();
  const sample: WebhookChange = {
    event,
    thing: {
      _id: '000000000000000000000000',
      name: 'Sample item',
      serial: 'SN-0001',
      class: 'item',
      tags: ['E2801160600002'],
      categoryNames: ['Sample'],
      labels: ['sample'],
    },
    tag: 'E2801160600002',
    time,
    zone: null,
    zoneName: 'Sample zone',
    endpoint: null,
    endpointName: 'Sample endpoint',
    direction: 'IN',
    antenna: 1,
  };
  if (event !== 'exception') return sample;
  return {
    ...sample,
    tag: null,
    direction: null,
    exception: {
      change: 'created',
      _id: '000000000000000000000000',
      type: 'zoneTimeException',
      state: 'open',
      time,
      site: '000000000000000000000000',
      thing: '000000000000000000000000',
      thingName: 'Sample item',
      zone: null,
      zoneName: 'Sample zone',
      endpoint: null,
      endpointName: null,
      antenna: null,
      message: 'was in Sample zone for longer than the allowed 15 minute(s)',
      acknowledgedBy: null,
      acknowledgedAt: null,
      resolvedBy: null,
      resolvedAt: null,
      escalatedAt: null,
      note: null,
    },
  };
}

export { mapChange };
