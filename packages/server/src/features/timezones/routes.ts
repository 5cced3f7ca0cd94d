import { Timezone, timezoneOptions } from '@sightline/shared';
import { z } from 'zod';
import type { App } from '../../platform/context.js';

/** GET api/timezones: every IANA zone as `{ id, name }`, for the site editor (signed in). */
export function registerTimezoneRoutes(app: App) {
  app.get('/api/timezones', { schema: { tags: ['sites'], response: { 200: z.array(Timezone) } } }, async () =>
    timezoneOptions(),
  );
}
