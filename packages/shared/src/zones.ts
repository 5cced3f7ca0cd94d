/** Zones and the two option lists the API serves (api/killmodes, api/thingclasses). */
import { z } from 'zod';
import { Email } from './auth.js';
import { GATE_ANTENNAS, GATE_DIRECTIONS, KILL_MODES, ZONE_FETCH_LIMIT } from './constants.js';
import { EpcisId } from './epcis.js';
import { ID_PATTERN, Id } from './ids.js';
import { listQuery } from './list.js';
import { MSG } from './messages.js';

export const ZONE_MSG = {
  nameRequired: 'Name is required',
  /** The editor's fixed text for a gate without its endpoint ('an value', sic). */
  gateEndpointRequired: MSG.selectValue,
  unknownEndpoint: 'unknown endpoint',
  siteImmutable: 'site cannot be changed',
  negative: 'must not be negative',
} as const;

export const NamedOption = z.object({ id: z.string(), name: z.string() });
export type NamedOption = z.infer<typeof NamedOption>;

/**
 * GET api/killmodes: what happens to a thing not seen for the zone's `killDuration` hours (or at
 * once with `immediateKill`): taken out of the zone, or deleted (soft: its history is kept).
 */
export const KILL_MODE_OPTIONS: NamedOption[] = [
  { id: 'clearZone', name: 'Clear Zone' },
  { id: 'deleteThing', name: 'Delete Thing' },
];
/** GET api/thingclasses. */
export const THING_CLASS_OPTIONS: NamedOption[] = [
  { id: 'item', name: 'Item' },
  { id: 'worker', name: 'Worker' },
];
export const KillMode = z.enum(KILL_MODES);
export type KillMode = z.infer<typeof KillMode>;

/** A gate: sightings of `endpoint` with `direction` on `antenna` (-1 = all) enter the zone. */
export const Gate = z.object({
  endpoint: z
    .string({ error: ZONE_MSG.gateEndpointRequired })
    .trim()
    .min(1, ZONE_MSG.gateEndpointRequired)
    .regex(ID_PATTERN, ZONE_MSG.unknownEndpoint),
  direction: z.enum(GATE_DIRECTIONS).default('NEAR'),
  antenna: z
    .number()
    .int()
    .refine((n) => (GATE_ANTENNAS as readonly number[]).includes(n), 'antenna must be -1 (All) or 0 to 8')
    .default(-1),
});
export type Gate = z.infer<typeof Gate>;

/** Nanoseconds as a JSON number: a safe integer, so at most about 104 days. */
const Nanoseconds = z
  .number()
  .int('must be a whole number of nanoseconds')
  .min(0, ZONE_MSG.negative)
  .max(Number.MAX_SAFE_INTEGER);

export const Zone = z.object({
  _id: Id,
  name: z.string(),
  description: z.string(),
  /** The id EPCIS documents know it by; '' derives one (docs/epcis.md). */
  epcisId: z.string(),
  /** Alert time in nanoseconds; 0 = no time exception. The editor shows minutes. */
  duration: z.number(),
  /**
   * Entry delay in nanoseconds: a move into the zone counts once the thing has been seen here
   * continuously this long (the stay then starts at the first sighting); 0 = at once.
   */
  entryDelay: z.number(),
  emails: z.array(z.string()),
  /** Hours without a sighting before a thing is killed; 0 = never. */
  killDuration: z.number(),
  immediateKill: z.boolean(),
  killMode: KillMode,
  gates: z.array(Gate),
  site: Id,
});
export type Zone = z.infer<typeof Zone>;

export const ZoneInput = z.object({
  name: z
    .string({ error: ZONE_MSG.nameRequired })
    .trim()
    .min(1, ZONE_MSG.nameRequired)
    .max(200, MSG.tooLong(200)),
  description: z.string().max(2000).default(''),
  epcisId: EpcisId.default(''),
  duration: Nanoseconds.default(0),
  entryDelay: Nanoseconds.default(0),
  emails: z.array(Email).max(100).default([]),
  killDuration: z.number().min(0, ZONE_MSG.negative).max(100_000).default(0),
  immediateKill: z.boolean().default(false),
  killMode: KillMode.default('clearZone'),
  gates: z.array(Gate).max(200).default([]),
  site: Id,
});
export type ZoneInput = z.infer<typeof ZoneInput>;
export type ZoneInputRaw = z.input<typeof ZoneInput>;

/** GET api/zones: site required, up to 3000 per page (`ZONE_FETCH_LIMIT`). */
export const ZONE_SORT_FIELDS = ['name', 'description', 'duration', 'killDuration'] as const;
export const ZoneListQuery = listQuery(ZONE_FETCH_LIMIT, ZONE_SORT_FIELDS).extend({ site: Id });
export type ZoneListQuery = z.infer<typeof ZoneListQuery>;
