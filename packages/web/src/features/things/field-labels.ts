/**
 * The thing editor's labels by field: its inputs read them, and so does the Audit Log's diff. Name
 * and serial are the site's own words for them (site settings).
 */
import type { SiteSettings } from '@sightline/shared';
import { nameLabel, serialLabel } from './thing-labels';

export const thingLabels = (settings: SiteSettings) =>
  ({
    name: nameLabel(settings),
    serial: serialLabel(settings),
    class: 'Class',
    categories: 'Categories',
    description: 'Description',
    tag1: 'Tag 1',
    tag2: 'Tag 2',
    tags: 'Tags',
    labels: 'Labels',
  }) as const;
