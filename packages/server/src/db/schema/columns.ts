/** Column helpers every table file uses: ids, organization, times, text arrays. */
import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const created = () => ts('time_created').notNull().defaultNow();
export const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
export const id = () => text('id').primaryKey();
export const orgId = () => text('org_id').notNull();
