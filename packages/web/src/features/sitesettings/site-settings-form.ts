/**
 * The settings screen's form: the shared site settings, with the thing-list label header shown as
 * one checkbox that adds or removes 'label' in thingHeaders (the columns the thing lists show).
 */
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@sightline/shared';

const LABEL_HEADER = 'label';

export type SettingsForm = SiteSettings & { showLabelHeader: boolean };

export const SETTINGS_DEFAULTS: SettingsForm = { ...DEFAULT_SITE_SETTINGS, showLabelHeader: false };

export function toSettingsForm(record: SiteSettings): SettingsForm {
  const settings = {
    ...DEFAULT_SITE_SETTINGS,
    ...record,
    importSettings: { ...DEFAULT_SITE_SETTINGS.importSettings, ...record.importSettings },
  };
  return { ...settings, showLabelHeader: settings.thingHeaders.includes(LABEL_HEADER) };
}

export function toSettingsBody({ showLabelHeader, ...settings }: SettingsForm): SiteSettings {
  const others = settings.thingHeaders.filter((h) => h !== LABEL_HEADER);
  return {
    ...settings,
    itemLabel: settings.itemLabel.trim(),
    workerLabel: settings.workerLabel.trim(),
    itemNameLabel: settings.itemNameLabel.trim(),
    itemSerialLabel: settings.itemSerialLabel.trim(),
    orgTagPrefix: settings.orgTagPrefix.trim(),
    thingHeaders: showLabelHeader ? [...others, LABEL_HEADER] : others,
  };
}
