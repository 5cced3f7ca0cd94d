/**
 * The per-site words for things (from the site settings): list titles, the singular nouns of
 * buttons, dialogs and titles, the name and serial labels, access resources. A renamed label is
 * used everywhere the class is named: an item label of 'Assets' makes 'Add asset', 'New asset',
 * 'Delete this asset?', 'No assets yet' and 'Search assets'.
 */
import { type SiteSettings, type ThingClass, thingResource } from '@sightline/shared';
import pluralize from 'pluralize';
import { lowerTitle } from '../../components/table/cell';

export interface ThingWords {
  /** List title and menu label: settings.itemLabel / workerLabel ('Assets'). */
  title: string;
  /** The singular noun of messages, in running text: 'asset'. */
  noun: string;
  /** The list and editor route of the class. */
  path: 'items' | 'workers';
  /** The access-rule resource: workers have their own, apart from items. */
  resource: string;
}

/** The label the site gives a class, or its default ('Items', 'Workers'). */
const classLabel = (cls: ThingClass, settings: SiteSettings) =>
  (cls === 'worker' ? settings.workerLabel : settings.itemLabel) || (cls === 'worker' ? 'Workers' : 'Items');

/**
 * A label as a singular noun in running text: 'Assets' → 'asset', 'People' → 'person', 'RFID Tags'
 * → 'RFID tag' (pluralize knows English irregular and uncountable nouns; capitals of acronyms kept).
 */
const singularNoun = (label: string) => lowerTitle(pluralize.singular(label.trim()));

/** A thing's class as a row shows it, the singular of its label: 'Asset', 'Worker'. */
export const className = (cls: string, settings: SiteSettings) =>
  pluralize.singular(classLabel(cls === 'worker' ? 'worker' : 'item', settings).trim());

export function thingWords(cls: ThingClass, settings: SiteSettings): ThingWords {
  const title = classLabel(cls, settings);
  return {
    title,
    noun: singularNoun(title),
    path: cls === 'worker' ? 'workers' : 'items',
    resource: thingResource(cls),
  };
}

export const nameLabel = (settings: SiteSettings) => settings.itemNameLabel || 'Name';
export const serialLabel = (settings: SiteSettings) => settings.itemSerialLabel || 'Serial';
