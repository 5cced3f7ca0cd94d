/** The Home dashboard's 'Zone Overview': how many things, items and workers each zone holds. */
import { z } from 'zod';
import { Id } from './ids.js';
import { RequiredSite } from './sites.js';

export const ZoneOverviewRow = z.object({
  _id: Id,
  name: z.string(),
  total: z.number().int(),
  items: z.number().int(),
  workers: z.number().int(),
});
export type ZoneOverviewRow = z.infer<typeof ZoneOverviewRow>;

/** GET zones/overview?site=: every zone of the site by name, empty zones included. */
export const ZoneOverviewQuery = z.object({ site: RequiredSite });
export type ZoneOverviewQuery = z.infer<typeof ZoneOverviewQuery>;
