/**
 * The names a person reads for the fields of an audit row's record: the labels of the record's own
 * editor, from its feature (one table per entity, which the editor's inputs read too). A field no
 * screen shows is spelt out from its key ('timeModified' → 'Time modified').
 */
import { RETENTION_CLASS_INFO, RETENTION_CLASSES, type SiteSettings } from '@sightline/shared';
import { API_KEY_LABELS } from '../apikeys/field-labels';
import { CATEGORY_LABELS } from '../categories/field-labels';
import { ENDPOINT_LABELS } from '../endpoints/field-labels';
import { ALERT_LABELS } from '../exceptions/field-labels';
import { LOCATION_TAG_LABELS } from '../locationtags/field-labels';
import { MAP_LABELS } from '../maps/field-labels';
import { ORGANIZATION_LABELS } from '../organizations/field-labels';
import { REPORT_CONFIG_LABELS } from '../reportconfigs/field-labels';
import { SITE_LABELS } from '../sites/field-labels';
import { SETTINGS_LABELS } from '../sitesettings/field-labels';
import { SSO_SETTINGS_LABELS } from '../ssosettings/field-labels';
import { thingLabels } from '../things/field-labels';
import { USER_LABELS } from '../users/field-labels';
import { WEBHOOK_LABELS } from '../webhooks/field-labels';
import { ZONE_LABELS } from '../zones/field-labels';

type Labels = Readonly<Record<string, string>>;

/** The Data retention tab's classes by their policy's key (a purge's counts use the same keys). */
const RETENTION_LABELS: Labels = Object.fromEntries(
  RETENTION_CLASSES.flatMap((c) => [
    [c, RETENTION_CLASS_INFO[c].label],
    [`purged.${c}`, `Purged › ${RETENTION_CLASS_INFO[c].label}`],
  ]),
);

/** By the resource an audit row names (the API path's first segment). */
const LABELS_OF: Record<string, (settings: SiteSettings) => Labels> = {
  apikeys: () => API_KEY_LABELS,
  categories: () => CATEGORY_LABELS,
  endpoints: () => ENDPOINT_LABELS,
  exceptions: () => ALERT_LABELS,
  locationtags: () => LOCATION_TAG_LABELS,
  maps: () => MAP_LABELS,
  organizations: () => ORGANIZATION_LABELS,
  orgsettings: () => SETTINGS_LABELS,
  reportconfigs: () => REPORT_CONFIG_LABELS,
  retention: () => RETENTION_LABELS,
  sites: () => SITE_LABELS,
  ssosettings: () => SSO_SETTINGS_LABELS,
  things: thingLabels,
  workers: thingLabels,
  users: () => USER_LABELS,
  webhooks: () => WEBHOOK_LABELS,
  zones: () => ZONE_LABELS,
};

/** 'killDuration' → 'Kill duration', 'addressLine1' → 'Address line 1'. */
export function spellKey(key: string): string {
  const words = key
    .replace(/^_+/, '')
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * How a field of `resource` is named: its editor's label for the dotted path ('autoEnroll.enabled'),
 * else its parent's label with the rest spelt out ('Connection › Host'), else the key spelt out.
 */
export function fieldLabeller(resource: string, settings: SiteSettings): (path: string) => string {
  const labels = LABELS_OF[resource]?.(settings) ?? {};
  const label = (path: string): string => {
    const own = labels[path];
    if (own) return own;
    const dot = path.lastIndexOf('.');
    if (dot < 0) return spellKey(path);
    return `${label(path.slice(0, dot))} › ${spellKey(path.slice(dot + 1))}`;
  };
  return label;
}
