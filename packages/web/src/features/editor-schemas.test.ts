/**
 * Editors checked with the shared input schemas: each problem the server would answer with a 400
 * shows on its field before saving, with the server's own text.
 */
import {
  ENDPOINT_MSG,
  EndpointInput,
  LOCATION_TAG_MSG,
  LocationTagInput,
  REPORT_MSG,
  ReportConfigInput,
  SiteSettingsInput,
  THING_MSG,
  ThingInput,
} from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { EditorTab } from '../components';
import { editorResolver } from '../components/editor/resolver';
import type { EditorContext, Values } from '../components/editor/types';
import type { Problem } from '../components/editor/validate';
import {
  DEFAULTS as ENDPOINT_DEFAULTS,
  type EndpointForm,
  endpointBody,
  newAntenna,
} from './endpoints/endpoint-form';
import { type LocationTagForm, locationTagBody, locationTagDefaults } from './locationtags/locationtag-form';
import {
  type ReportConfigForm,
  reportConfigBody,
  reportConfigDefaults,
} from './reportconfigs/report-config-form';
import { SETTINGS_DEFAULTS, type SettingsForm, toSettingsBody } from './sitesettings/site-settings-form';
import { newThing, type ThingForm, thingBody } from './things/thing-form';

const SITE = 'a'.repeat(24);

async function problemsOf<V extends Values>(
  tabs: EditorTab<V>[],
  schema: z.ZodType,
  toBody: (v: V, ctx: EditorContext<V>) => unknown,
  values: V,
): Promise<Problem[]> {
  let problems: Problem[] = [];
  const resolve = editorResolver<V>(
    () => ({ tabs, ctx: { record: undefined, isNew: true, readOnly: false }, schema, toBody }),
    (found) => {
      problems = found;
    },
  );
  await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return problems;
}

describe('editors checked with the shared schemas', () => {
  it('things: tag numbers are hex, naming a bad entry of the tag list', async () => {
    const tabs: EditorTab<ThingForm>[] = [
      {
        label: 'Basic',
        fields: [
          { type: 'text', name: 'name', label: 'Name', required: true },
          { type: 'text', name: 'tag1', label: 'Tag 1' },
          { type: 'combobox', name: 'tags', label: 'Tags', multiple: true, freeSolo: true, options: [] },
        ],
      },
    ];
    const check = (v: Partial<ThingForm>) =>
      problemsOf(tabs, ThingInput, (f) => thingBody(f, f), {
        ...newThing('item', SITE),
        name: 'Pallet',
        ...v,
      });
    expect(await check({ tag1: 'e280', tags: ['AB01'] })).toEqual([]);
    expect((await check({ tag1: 'nope', tags: ['AB01', 'xyz'] })).map((p) => [p.path, p.message])).toEqual([
      ['tag1', `Tag 1: ${THING_MSG.tagHex}`],
      ['tags', `Tags: ${THING_MSG.tagHex}: xyz`],
    ]);
  });

  it('endpoints: an antenna is a whole number from 0 to 64', async () => {
    const tabs: EditorTab<EndpointForm>[] = [
      { label: 'Basic', fields: [{ type: 'text', name: 'name', label: 'Name', required: true }] },
      {
        label: 'Antennas',
        fields: [
          {
            type: 'sublist',
            name: 'antennas',
            label: 'Antennas',
            newItem: () => newAntenna(),
            fields: [
              { type: 'text', name: 'antenna', label: 'Antenna', inputType: 'number', required: true },
            ],
          },
        ],
      },
    ];
    const check = (antenna: number) =>
      problemsOf(tabs, EndpointInput, (v) => endpointBody(v, SITE), {
        ...ENDPOINT_DEFAULTS,
        name: 'Dock',
        antennas: [{ ...newAntenna(), antenna }],
      });
    expect(await check(4)).toEqual([]);
    for (const bad of [65, 1.5, -1])
      expect(await check(bad)).toEqual([
        expect.objectContaining({
          path: 'antennas.0.antenna',
          message: `Antenna in the Antennas tab: ${ENDPOINT_MSG.antennaRange}`,
        }),
      ]);
  });

  it('location tags: the tag is hex', async () => {
    const tabs: EditorTab<LocationTagForm>[] = [
      {
        label: 'Basic',
        fields: [
          { type: 'text', name: 'name', label: 'Name', required: true },
          { type: 'text', name: 'tag', label: 'Tag', required: true },
        ],
      },
    ];
    const check = (tag: string) =>
      problemsOf(tabs, LocationTagInput, locationTagBody, { ...locationTagDefaults(SITE), name: 'Bay', tag });
    expect(await check(' ad00ff ')).toEqual([]);
    expect((await check('not hex')).map((p) => p.message)).toEqual([`Tag: ${LOCATION_TAG_MSG.tagHex}`]);
  });

  it('report configs: a heading names a column of the chosen type', async () => {
    const tabs: EditorTab<ReportConfigForm>[] = [
      { label: 'Basic', fields: [{ type: 'text', name: 'name', label: 'Name', required: true }] },
      {
        label: 'Headings',
        fields: [
          {
            type: 'sublist',
            name: 'headings',
            label: 'Headings',
            newItem: () => ({ key: '', label: '' }),
            fields: [{ type: 'text', name: 'key', label: 'Column', required: true }],
          },
        ],
      },
    ];
    const check = (key: string) =>
      problemsOf(tabs, ReportConfigInput, reportConfigBody, {
        ...reportConfigDefaults(SITE),
        name: 'Seen',
        type: 'reportTypeSeen',
        headings: [{ key, label: '' }],
      });
    expect(await check('name')).toEqual([]);
    expect((await check('zoneHours')).map((p) => p.message)).toEqual([
      `Column in the Headings tab: ${REPORT_MSG.unknownHeading('zoneHours')}`,
    ]);
  });

  it('site settings: a label fits in 50 characters', async () => {
    const tabs: EditorTab<SettingsForm>[] = [
      {
        label: 'Labels',
        fields: [{ type: 'text', name: 'itemLabel', label: 'Item Label', required: true }],
      },
    ];
    const check = (itemLabel: string) =>
      problemsOf(tabs, SiteSettingsInput, toSettingsBody, { ...SETTINGS_DEFAULTS, itemLabel });
    expect(await check('Assets')).toEqual([]);
    expect(await check('x'.repeat(51))).toEqual([expect.objectContaining({ path: 'itemLabel' })]);
  });
});
