/**
 * The per-site words for things (from the site settings): list titles, the name and serial labels,
 * access resources.
 */
import { type SiteSettings, type ThingClass, thingResource } from '@sightline/shared';

export interface ThingWords {
  /** List title and menu label: settings.itemLabel / workerLabel. */
  title: string;
  /** The singular noun of messages: 'item' or 'worker'. */
  noun: string;
  /** The list and editor route of the class. */
  path: 'items' | 'workers';
  /** The access-rule resource: workers have their own, apart from items. */
  resource: string;
}

export function thingWords(cls: ThingClass, settings: SiteSettings): ThingWords {
  return cls === 'worker'
    ? {
        title: settings.workerLabel || 'Workers',
        noun: 'worker',
        path: 'workers',
        resource: thingResource(cls),
      }
    : { title: settings.itemLabel || 'Items', noun: 'item', path: 'items', resource: thingResource(cls) };
}

export const nameLabel = (settings: SiteSettings) => settings.itemNameLabel || 'Name';
export const serialLabel = (settings: SiteSettings) => settings.itemSerialLabel || 'Serial';
