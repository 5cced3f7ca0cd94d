import { DEFAULT_SITE_SETTINGS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { toSettingsBody, toSettingsForm } from './site-settings-form';

describe('settings form', () => {
  it("shows the label header when thingHeaders holds 'label'", () => {
    expect(
      toSettingsForm({ ...DEFAULT_SITE_SETTINGS, thingHeaders: ['serial', 'label'] }).showLabelHeader,
    ).toBe(true);
    expect(toSettingsForm(DEFAULT_SITE_SETTINGS).showLabelHeader).toBe(false);
  });

  it("adds or removes 'label' in thingHeaders and keeps the other headers", () => {
    const form = toSettingsForm({ ...DEFAULT_SITE_SETTINGS, thingHeaders: ['serial', 'label'] });
    expect(toSettingsBody({ ...form, showLabelHeader: false }).thingHeaders).toEqual(['serial']);
    expect(toSettingsBody({ ...form, showLabelHeader: true }).thingHeaders).toEqual(['serial', 'label']);
    expect('showLabelHeader' in toSettingsBody(form)).toBe(false);
  });

  it('keeps the import mappings it does not edit', () => {
    const mappings = [{ name: 'Default', headerAssetFields: { Tag: 'tags' } }];
    const form = toSettingsForm({
      ...DEFAULT_SITE_SETTINGS,
      importSettings: { ...DEFAULT_SITE_SETTINGS.importSettings, importMappings: mappings },
    });
    expect(toSettingsBody({ ...form, itemLabel: ' Assets ' })).toMatchObject({
      itemLabel: 'Assets',
      importSettings: { importMappings: mappings },
    });
  });
});
