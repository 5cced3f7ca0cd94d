/**
 * Reader endpoints (SPEC §2.10, §3; DESIGN §7): fixed readers and handhelds of a site. The list
 * never carries an endpoint's `key` (its ingest secret).
 */
import { z } from 'zod';
import { Id } from './ids.js';
import { listQuery } from './list.js';
import { MapPoint } from './maps.js';
import { RequiredSite } from './sites.js';

export const Antenna = z.object({
  antenna: z.number().int(),
  xycoordinates: MapPoint,
  /** Map of the coordinates; null = the endpoint's own map. */
  map: z.string().nullable(),
});
export type Antenna = z.infer<typeof Antenna>;

export const Endpoint = z.object({
  _id: Id,
  name: z.string(),
  uuid: z.string(),
  site: Id,
  map: z.string().nullable(),
  xycoordinates: MapPoint,
  externalgate: z.boolean(),
  description: z.string(),
  autoEnroll: z.object({ enabled: z.boolean(), locationEnabled: z.boolean() }),
  antennas: z.array(Antenna),
});
export type Endpoint = z.infer<typeof Endpoint>;

/** GET api/endpoints?site=: the site is required. */
export const EndpointListQuery = listQuery().extend({ site: RequiredSite });
export type EndpointListQuery = z.infer<typeof EndpointListQuery>;
export const ENDPOINT_SORT_FIELDS = ['name', 'uuid'] as const;
