import { z } from 'zod';
import { Email } from './auth.js';
import { IsoDayOrTime } from './dates.js';
import { EpcisId } from './epcis.js';
import { ID_PATTERN, Id } from './ids.js';
import { listQuery } from './list.js';
import { TimeZoneId } from './timezones.js';

export const ReportSettings = z.object({
  dailyTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm')
    .or(z.literal(''))
    .default(''),
  emails: z.array(Email).default([]),
});

export const ALERT_SETTINGS_MSG = {
  emailsRequired: 'at least one email is needed to escalate',
  maxRemindersRequired: 'is required to remind',
} as const;

const AlertMinutes = z
  .number()
  .int('must be a whole number of minutes')
  .min(1, 'must be at least 1 minute')
  .max(1_000_000);

/**
 * A site's escalation of exceptions nobody acknowledged (`{}` = off): an exception still open
 * `escalateAfterMinutes` after it was raised is mailed once to `escalationEmails`; until it is
 * acknowledged its zone's emails are reminded every `remindEveryMinutes`, at most `maxReminders`
 * times. A field left out turns its part off.
 */
export const AlertSettings = z
  .object({
    escalateAfterMinutes: AlertMinutes.optional(),
    escalationEmails: z.array(Email).max(100).optional(),
    remindEveryMinutes: AlertMinutes.optional(),
    maxReminders: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1000).optional(),
  })
  .superRefine((a, ctx) => {
    if (a.escalateAfterMinutes !== undefined && !a.escalationEmails?.length)
      ctx.addIssue({
        code: 'custom',
        path: ['escalationEmails'],
        message: ALERT_SETTINGS_MSG.emailsRequired,
      });
    if (a.remindEveryMinutes !== undefined && a.maxReminders === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['maxReminders'],
        message: ALERT_SETTINGS_MSG.maxRemindersRequired,
      });
  });
export type AlertSettings = z.infer<typeof AlertSettings>;
const ALERT_SETTINGS_DOC =
  'Escalation of exceptions nobody acknowledged ({} = off; minutes at least 1): an exception still ' +
  'open escalateAfterMinutes after it was raised (or after escalation was turned on, whichever is ' +
  "later) is mailed once to escalationEmails; until it is acknowledged its zone's emails are " +
  'reminded every remindEveryMinutes, at most maxReminders times. Each run mails one digest per ' +
  'recipient. Left out of a PUT: the stored settings stay.';

export const Site = z.object({
  _id: Id,
  name: z.string(),
  description: z.string(),
  /** The id EPCIS documents know it by; '' derives one (docs/epcis.md). */
  epcisId: z.string(),
  startDate: z.string().nullable(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zipcode: z.string(),
  timezone: z.object({ id: z.string() }),
  reportSettings: ReportSettings,
  alertSettings: AlertSettings.describe(ALERT_SETTINGS_DOC),
});
export type Site = z.infer<typeof Site>;

export const SITE_MSG = {
  /** A site-limited caller could not see a site it created: creating one is for all-sites callers. */
  allSitesOnly: 'Only an administrator of all sites may create a site',
} as const;

export const SiteInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  description: z.string().max(2000).default(''),
  epcisId: EpcisId.default(''),
  startDate: IsoDayOrTime,
  addressLine1: z.string().max(200).default(''),
  addressLine2: z.string().max(200).default(''),
  city: z.string().max(100).default(''),
  state: z.string().max(100).default(''),
  country: z.string().max(100).default(''),
  zipcode: z.string().max(20).default(''),
  timezone: z.object({ id: TimeZoneId }),
  reportSettings: ReportSettings.default({ dailyTime: '', emails: [] }),
  /** Left out: the stored settings stay (a new site has none). */
  alertSettings: AlertSettings.optional().describe(ALERT_SETTINGS_DOC),
});
export type SiteInput = z.infer<typeof SiteInput>;

export const SiteQuery = z.object({ site: Id.optional() });

/** A `?site=` query parameter that must be present. */
export const RequiredSite = z
  .string({ error: 'site is required' })
  .regex(ID_PATTERN, 'site must be a 24-character hex id');

/** GET, POST api/orgsettings?site=: the settings of one site. */
export const SiteSettingsQuery = z.object({ site: RequiredSite });
export type SiteSettingsQuery = z.infer<typeof SiteSettingsQuery>;

export const SETTINGS_MSG = {
  unknownParentCategory: (id: string) => `unknown category: ${id}`,
} as const;

const PSEUDONYMIZE_WORKERS_DOC =
  'Workers of this site appear as stable pseudonyms ("Worker 7F3A9C": name, serial, description and ' +
  'photos withheld) to users and API keys without identify on workers, and in mails and webhooks';

/** Site settings (the Organization Settings screen) with their defaults. */
export const ImportMapping = z.object({
  name: z.string().max(200),
  headerAssetFields: z.record(z.string(), z.string()),
});
export type ImportMapping = z.infer<typeof ImportMapping>;
export const ImportSettings = z.object({
  importMappings: z.array(ImportMapping).default([]),
  requireZone: z.boolean().default(false),
  generatePrefixTag: z.boolean().default(false),
  prefixedTagDupCheck: z.boolean().default(false),
});
/** How long the console waits before an endpoint counts as offline (the stale rule). */
export const DEFAULT_OFFLINE_AFTER_MINUTES = 60;
const Hours = z.number().int().min(1, 'must be at least 1 hour').max(100_000);
/** Hours unseen before a thing of the class raises `thingMissing`; a class left out is off. */
export const MissingAfterHours = z.strictObject({ item: Hours.optional(), worker: Hours.optional() });
const OfflineMinutes = z.number().int().min(1, 'must be at least 1 minute').max(1_000_000);

export const SiteSettings = z.object({
  itemLabel: z.string().trim().max(50).default('Items'),
  workerLabel: z.string().trim().max(50).default('Workers'),
  itemNameLabel: z.string().trim().max(50).default('Name'),
  itemSerialLabel: z.string().trim().max(50).default('Serial'),
  hideWorkers: z.boolean().default(false),
  /** Workers appear as stable pseudonyms ("Worker 7F3A9C") to callers without `identify` on `workers`. */
  pseudonymizeWorkers: z.boolean().default(false).describe(PSEUDONYMIZE_WORKERS_DOC),
  parentCategories: z.array(Id).default([]),
  thingHeaders: z.array(z.string().max(50)).default([]),
  flattenEventsExports: z.boolean().default(false),
  orgTagPrefix: z.string().trim().max(32).default(''),
  missingAfterHours: MissingAfterHours.default({}),
  offlineAfterMinutes: OfflineMinutes.default(DEFAULT_OFFLINE_AFTER_MINUTES),
  importSettings: ImportSettings.default({
    importMappings: [],
    requireZone: false,
    generatePrefixTag: false,
    prefixedTagDupCheck: false,
  }),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

/**
 * `POST orgsettings` body: any of the settings, no others (an unknown field is a 400), no
 * defaults — a field not sent keeps its stored value, so a partial body never resets the rest.
 */
export const SiteSettingsInput = z.strictObject({
  itemLabel: z.string().trim().max(50).optional(),
  workerLabel: z.string().trim().max(50).optional(),
  itemNameLabel: z.string().trim().max(50).optional(),
  itemSerialLabel: z.string().trim().max(50).optional(),
  hideWorkers: z.boolean().optional(),
  pseudonymizeWorkers: z.boolean().optional().describe(PSEUDONYMIZE_WORKERS_DOC),
  parentCategories: z.array(Id).optional(),
  thingHeaders: z.array(z.string().max(50)).optional(),
  flattenEventsExports: z.boolean().optional(),
  orgTagPrefix: z.string().trim().max(32).optional(),
  missingAfterHours: MissingAfterHours.optional(),
  offlineAfterMinutes: OfflineMinutes.optional(),
  importSettings: z
    .strictObject({
      importMappings: z.array(ImportMapping).optional(),
      requireZone: z.boolean().optional(),
      generatePrefixTag: z.boolean().optional(),
      prefixedTagDupCheck: z.boolean().optional(),
    })
    .optional(),
});
export type SiteSettingsInput = z.infer<typeof SiteSettingsInput>;
export const DEFAULT_SITE_SETTINGS: SiteSettings = SiteSettings.parse({});

export const SITE_SORT_FIELDS = ['name', 'description', 'startDate'] as const;
export const SiteListQuery = listQuery(undefined, SITE_SORT_FIELDS);
export type SiteListQuery = z.infer<typeof SiteListQuery>;
