/**
 * The rows that make the demo's remaining screens non-empty: two report configurations of the
 * first site (one in the daily email), a webhook to the demo's own receiver with a short delivery
 * log, and the zone-time exceptions of the stays that have already overrun (the ones the tracking
 * engine would raise in its first seconds, keyed by the same stay so it does not raise them again).
 */
import { ReportConfigInput, WebhookField, type WebhookFieldInput } from '@sightline/shared';
import type { exceptions, reportConfigs, webhookDeliveries, webhooks } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { reportConfigRow } from '../reportconfigs/repository.js';
import { mapChange, type WebhookChange } from '../webhooks/payload.js';
import { newWebhookSecret } from '../webhooks/service.js';
import type { CategoryName } from './catalog.js';
import type { SiteRows } from './site-rows.js';
import type { ThingRows } from './thing-rows.js';

export interface ExtraRows {
  reportConfigs: (typeof reportConfigs.$inferInsert)[];
  webhooks: (typeof webhooks.$inferInsert)[];
  deliveries: (typeof webhookDeliveries.$inferInsert)[];
  exceptions: (typeof exceptions.$inferInsert)[];
}

interface ExtraContext {
  orgId: string;
  now: number;
  categoryIds: Record<CategoryName, string>;
  /** The demo receiver's URL; no webhook without it. */
  receiverUrl: string | undefined;
  /** The demo's Manager, who has acknowledged the oldest exception (someone is on it). */
  acknowledgedBy: string | undefined;
}

const MINUTE = 60_000;

function reportConfigRows(site: SiteRows, ctx: ExtraContext): ExtraRows['reportConfigs'] {
  const siteId = site.site.id ?? '';
  const zoneId = (name: string) => site.zones.find((z) => z.name === name)?.id ?? '';
  const inputs = [
    ReportConfigInput.parse({
      name: 'Daily zone time exceptions',
      type: 'reportTypeExceptions',
      format: 'excel',
      email: true,
      zones: [zoneId('Break Room'), zoneId('Receiving')],
      site: siteId,
    }),
    ReportConfigInput.parse({
      name: 'Tools and laptops seen',
      type: 'reportTypeSeen',
      format: 'csv',
      categories: [ctx.categoryIds.Tools, ctx.categoryIds.Laptops],
      headings: [
        { key: 'name', label: 'Item' },
        { key: 'tag', label: 'EPC' },
        { key: 'zone', label: 'Zone' },
        { key: 'lastSeen', label: 'Last seen' },
      ],
      site: siteId,
    }),
  ];
  return inputs.map((input, i) => ({
    id: newId(ctx.now + i),
    orgId: ctx.orgId,
    siteId,
    ...reportConfigRow(input),
  }));
}

const FIELDS: WebhookFieldInput[] = [
  { localField: 'name', remoteFieldName: 'item' },
  { localField: 'tag', remoteFieldName: 'epc' },
  { localField: 'zoneName', remoteFieldName: 'zone' },
  { localField: 'time', remoteFieldName: 'seenAt' },
  { localField: 'customString', remoteFieldName: 'source', stringValue: 'sightline-demo' },
];

/** The webhook and, from the last readings of six things, the deliveries already made. */
function webhookRows(
  site: SiteRows,
  things: ThingRows,
  ctx: ExtraContext,
): Pick<ExtraRows, 'webhooks' | 'deliveries'> {
  if (!ctx.receiverUrl) return { webhooks: [], deliveries: [] };
  const fields = FIELDS.map((f) => WebhookField.parse(f));
  const hook = {
    id: newId(ctx.now),
    orgId: ctx.orgId,
    event: 'seen',
    format: 'json',
    targetUrl: ctx.receiverUrl,
    requestHeaders: { 'x-demo': 'sightline' },
    fields,
    secret: newWebhookSecret(),
  };
  const zoneName = new Map(site.zones.map((z) => [z.id, z.name]));
  const seen = things.things.filter((t) => t.zoneId && t.tag1 && t.lastEvent).slice(0, 6);
  const deliveries = seen.map((t, i) => {
    const at = new Date(ctx.now - (seen.length - i) * 7 * MINUTE);
    const change: WebhookChange = {
      event: 'seen',
      thing: {
        _id: t.id ?? '',
        name: t.name ?? '',
        serial: t.serial ?? '',
        class: t.class === 'worker' ? 'worker' : 'item',
        tags: [t.tag1 ?? ''],
        categoryNames: [],
        labels: [],
      },
      tag: t.tag1 ?? '',
      time: at.toISOString(),
      zone: t.zoneId ?? null,
      zoneName: zoneName.get(t.zoneId ?? '') ?? '',
      endpoint: t.endpointId ?? null,
      endpointName: '',
      direction: 'IN',
      antenna: 1,
    };
    return {
      webhookId: hook.id,
      event: 'seen',
      payload: mapChange(change, fields) ?? {},
      attempts: 1,
      firstAttemptAt: at,
      nextAttemptAt: at,
      lastAttemptAt: at,
      status: 200,
      latencyMs: 3 + ((i * 7) % 11),
      responseExcerpt: '{"received":true}',
      done: true,
    };
  });
  return { webhooks: [hook], deliveries };
}

/** A zone-time exception for every stay that has reached its zone's alert time by `now`. */
function exceptionRows(sites: SiteRows[], things: ThingRows[], ctx: ExtraContext): ExtraRows['exceptions'] {
  const zones = new Map(sites.flatMap((s) => s.zones).map((z) => [z.id, z]));
  return things
    .flatMap((t) => t.things)
    .flatMap((t) => {
      const zone = zones.get(t.zoneId ?? '');
      const durationNs = zone?.durationNs ?? 0;
      if (!zone || !t.lastZoneTime || durationNs <= 0) return [];
      const due = t.lastZoneTime.getTime() + Math.ceil(durationNs / 1e6);
      if (due > ctx.now) return [];
      return [
        {
          id: newId(due),
          orgId: ctx.orgId,
          siteId: zone.siteId,
          type: 'zoneTimeException',
          time: new Date(due),
          thingId: t.id,
          zoneId: zone.id,
          multipleThings: [],
          timeDurationNs: durationNs,
          stayStart: t.lastZoneTime,
          expectedZoneId: null,
        },
      ];
    });
}

/**
 * The oldest of several due exceptions acknowledged by the demo's Manager, a minute after it was
 * raised, so the Alerts screen shows both states; the others stay open.
 */
function acknowledgeOldest(rows: ExtraRows['exceptions'], ctx: ExtraContext): ExtraRows['exceptions'] {
  if (rows.length < 2 || !ctx.acknowledgedBy) return rows;
  const oldest = rows.reduce((a, b) => (b.time < a.time ? b : a));
  const by = ctx.acknowledgedBy;
  const at = new Date(Math.min(oldest.time.getTime() + MINUTE, ctx.now));
  const note = { change: 'acknowledged' as const, text: 'On my way to check it.', by, byName: null };
  return rows.map((row) =>
    row === oldest
      ? {
          ...row,
          state: 'acknowledged',
          acknowledgedBy: by,
          acknowledgedAt: at,
          notes: [{ ...note, at: at.toISOString() }],
        }
      : row,
  );
}

export function buildExtraRows(sites: SiteRows[], things: ThingRows[], ctx: ExtraContext): ExtraRows {
  const [first] = sites;
  const [firstThings] = things;
  if (!first || !firstThings) return { reportConfigs: [], webhooks: [], deliveries: [], exceptions: [] };
  return {
    reportConfigs: reportConfigRows(first, ctx),
    ...webhookRows(first, firstThings, ctx),
    exceptions: acknowledgeOldest(exceptionRows(sites, things, ctx), ctx),
  };
}
