/**
 * Data retention: per organization and data class, how many days history is kept (`null`: kept
 * forever). A class is one entry of RETENTION_CLASS_INFO (its default and its two sentences); the
 * policy's schema, its defaults, the purge's answer and the screens are built from that table.
 */
import { z } from 'zod';

export interface RetentionClassInfo {
  /** Days kept when the organization has set nothing; null keeps forever. */
  days: number | null;
  label: string;
  /** What the class holds. */
  holds: string;
  /** What is lost once a record of the class expires. */
  lost: string;
}

export const RETENTION_CLASS_INFO = {
  sightings: {
    days: 14,
    label: 'Raw sightings',
    holds: 'Every read a reader reported, as it arrived: kept for retried uploads and diagnosing readers.',
    lost: 'Duplicate uploads older than this are stored again; events, stays and locations are not affected.',
  },
  events: {
    days: 400,
    label: 'Events',
    holds: 'Where and when each thing was seen (the Events list, the Activity report, exports).',
    lost: 'Older events leave the Events list, exports and the Activity report.',
  },
  zoneDurations: {
    days: 400,
    label: 'Zone stays',
    holds: 'How long each thing stayed in each zone (Zone Time and Zones History reports).',
    lost: 'Older stays leave the zone-time reports and charts.',
  },
  exceptions: {
    days: 400,
    label: 'Alerts',
    holds: 'Raised alerts (zone time exceeded, missing things) and their resolution.',
    lost: 'Older alerts leave the Alerts list and the Exceptions report, resolved or not.',
  },
  endpointStatus: {
    days: 30,
    label: 'Reader heartbeats',
    holds: 'Each heartbeat of a reader: address, version, uptime and temperature.',
    lost: "Older heartbeats leave a reader's status history; the time of its last one is kept.",
  },
  webhookDeliveries: {
    days: 30,
    label: 'Webhook deliveries',
    holds: 'Every webhook delivery with its attempts, requests and answers.',
    lost: 'Older deliveries leave the delivery log and can no longer be sent again.',
  },
  mail: {
    days: 30,
    label: 'Sent mail',
    holds: 'Mail that was sent or given up (reports, alerts, password links), kept on the queue.',
    lost: 'Older sent mail is no longer kept on the queue.',
  },
  audit: {
    days: 400,
    label: 'Audit trail',
    holds: 'Who changed what and who looked at which worker, hash-chained so that an edit shows.',
    lost: 'Older audit rows leave the Audit Log; the chain starts again at the first row kept, and the cut is recorded.',
  },
  workerHistory: {
    days: 62,
    label: 'Worker history',
    holds: 'The events, zone stays and alerts of workers (people), capped apart from items.',
    lost: 'Older whereabouts of workers are removed even when item history is kept longer.',
  },
} as const satisfies Record<string, RetentionClassInfo>;

export type RetentionClass = keyof typeof RETENTION_CLASS_INFO;
export const RETENTION_CLASSES = Object.keys(RETENTION_CLASS_INFO) as RetentionClass[];

/** Most days a policy may keep (100 years): beyond that, keep forever is `null`. */
export const RETENTION_MAX_DAYS = 36_500;

export const RETENTION_MSG = {
  // Read in the Data retention tab and in an API answer alike.
  days: `must be a whole number of days from 1 to ${RETENTION_MAX_DAYS}; to keep it forever, tick its “Keep … forever” box (null in the API)`,
  unknown: (key: string) => `${key} is not a data class (one of ${RETENTION_CLASSES.join(', ')})`,
  modifyOnly: 'Only users who may modify organizations may change data retention',
} as const;

export const RetentionDays = z
  .number({ error: RETENTION_MSG.days })
  .int(RETENTION_MSG.days)
  .min(1, RETENTION_MSG.days)
  .max(RETENTION_MAX_DAYS, RETENTION_MSG.days)
  .nullable();

function classShape<T>(of: (c: RetentionClass) => T): { [K in RetentionClass]: T } {
  return Object.fromEntries(RETENTION_CLASSES.map((c) => [c, of(c)])) as { [K in RetentionClass]: T };
}

/** GET /api/retention: every class. */
export const RetentionPolicy = z.object(classShape(() => RetentionDays));
export type RetentionPolicy = z.infer<typeof RetentionPolicy>;

/** PUT /api/retention: every class (a class left out keeps its current days); nothing else. */
export const RetentionPolicyInput = z.strictObject(
  classShape(() => RetentionDays.optional()),
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? RETENTION_MSG.unknown(issue.keys.join(', ')) : undefined,
  },
);
export type RetentionPolicyInput = z.infer<typeof RetentionPolicyInput>;

export const RETENTION_DEFAULTS: Readonly<RetentionPolicy> = Object.freeze(
  Object.fromEntries(RETENTION_CLASSES.map((c) => [c, RETENTION_CLASS_INFO[c].days])) as RetentionPolicy,
);

/** POST /api/retention/run: rows removed per class (worker rows cut by `workerHistory` count there). */
export const RetentionRunResult = z.object({ purged: z.object(classShape(() => z.number().int())) });
export type RetentionRunResult = z.infer<typeof RetentionRunResult>;

/**
 * GET /api/storage: per class what the organization's records take (the tables are the
 * instance's, shared by organizations).
 */
export const StorageClass = z.object({
  class: z.enum(RETENTION_CLASSES as [RetentionClass, ...RetentionClass[]]),
  label: z.string(),
  /** The organization's rows, counted exactly (`shared`: every organization's). */
  rows: z.number().int(),
  /**
   * Estimated bytes on disk: each table's size (table, indexes, partitions) times the
   * organization's share of its rows (`shared`: the whole tables').
   */
  bytes: z.number().int(),
  /** The class's records name no organization (queued mail): rows and bytes are the instance's. */
  shared: z.boolean(),
  /** This organization's oldest record, or null when it has none. */
  oldest: z.string().nullable(),
  days: z.number().int().nullable(),
});
export type StorageClass = z.infer<typeof StorageClass>;

export const StorageReport = z.object({
  classes: z.array(StorageClass),
  /** This organization's photos: count and bytes of the originals in storage. */
  photos: z.object({ count: z.number().int(), bytes: z.number().int() }),
  /** When the hourly purge next runs. */
  nextPurge: z.string(),
});
export type StorageReport = z.infer<typeof StorageReport>;
