/** Fixed option lists the API serves that belong to the tracking model: kill modes and thing classes. */
import { KILL_MODE_OPTIONS, NamedOption, THING_CLASS_OPTIONS } from '@sightline/shared';
import { z } from 'zod';
import type { App } from '../../platform/context.js';

export function registerCatalogRoutes(app: App) {
  const tags = ['catalog'];
  const response = { 200: z.array(NamedOption) };
  app.get('/api/killmodes', { schema: { tags, response } }, async () => KILL_MODE_OPTIONS);
  app.get('/api/thingclasses', { schema: { tags, response } }, async () => THING_CLASS_OPTIONS);
}
