import { MSG, toNanoseconds, ZONE_MSG, ZoneInput } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import type { EditorTab } from '../../components';
import { editorResolver } from '../../components/editor/resolver';
import type { Problem } from '../../components/editor/validate';
import { newGate, type ZoneForm, zoneBody, zoneDefaults } from './zone-form';

const SITE = 'a'.repeat(24);
const ENDPOINT = 'b'.repeat(24);

/** The zone editor's declarations that matter to validation (ZoneEdit.tsx). */
const tabs: EditorTab<ZoneForm>[] = [
  {
    label: 'Basic',
    fields: [
      { type: 'text', name: 'name', label: 'Name', required: true },
      {
        type: 'combobox',
        name: 'emails',
        label: 'Alert Emails',
        multiple: true,
        freeSolo: true,
        options: [],
      },
      { type: 'text', name: 'killDuration', label: 'Delete Delay (hours)', inputType: 'number' },
    ],
  },
  {
    label: 'Gates',
    fields: [
      {
        type: 'sublist',
        name: 'gates',
        label: 'Gates',
        newItem: newGate,
        fields: [{ type: 'custom', name: 'endpoint', label: 'Endpoint', component: () => null }],
      },
    ],
  },
];

async function check(values: Partial<ZoneForm>) {
  let problems: Problem[] = [];
  const resolve = editorResolver<ZoneForm>(
    () => ({
      tabs,
      ctx: { record: undefined, isNew: true, readOnly: false },
      schema: ZoneInput,
      toBody: (v) => zoneBody(v),
    }),
    (found) => {
      problems = found;
    },
  );
  const result = await resolve({ ...zoneDefaults(SITE), name: 'Dock', ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return { problems, errors: result.errors };
}

describe('zone form', () => {
  it('checks alert emails with the shared schema, naming the bad entry on the field', async () => {
    expect((await check({ emails: ['ops@example.com'] })).problems).toEqual([]);
    const { problems, errors } = await check({ emails: ['ops@example.com', 'nope'] });
    expect(problems).toEqual([
      {
        path: 'emails',
        tabIndex: 0,
        message: `Alert Emails in the Basic tab: ${MSG.invalidEmail}: nope`,
        fieldMessage: `${MSG.invalidEmail}: nope`,
      },
    ]);
    expect(errors.emails?.message).toBe(`${MSG.invalidEmail}: nope`);
  });

  it('refuses a gate without an endpoint with the fixed text, from the shared schema', async () => {
    const { problems } = await check({ gates: [newGate()] });
    expect(problems).toEqual([
      expect.objectContaining({
        path: 'gates.0.endpoint',
        tabIndex: 1,
        message: 'Endpoint in the Gates tab: Please select an value',
        fieldMessage: 'Please select an value',
      }),
    ]);
    // The server answers a body without the endpoint with the same text.
    const parsed = ZoneInput.safeParse({ name: 'Dock', site: SITE, gates: [{ endpoint: '' }] });
    expect(parsed.error?.issues[0]?.message).toBe(MSG.selectValue);
  });

  it('refuses a negative delete delay with the schema text', async () => {
    const { problems } = await check({ killDuration: -1 });
    expect(problems.map((p) => p.fieldMessage)).toEqual([ZONE_MSG.negative]);
  });

  it('an empty required name comes first, as the fixed required-field text', async () => {
    const { problems } = await check({ name: ' ', emails: ['x'] });
    expect(problems.map((p) => p.message)).toEqual([
      MSG.requiredField('Name', 'Basic'),
      `Alert Emails in the Basic tab: ${MSG.invalidEmail}: x`,
    ]);
  });

  it('builds a body the server schema accepts, empty numbers as 0', () => {
    const body = zoneBody({
      ...zoneDefaults(SITE),
      name: '  Dock  ',
      duration: toNanoseconds(45),
      killDuration: null,
      emails: [' ops@example.com '],
      gates: [{ endpoint: ENDPOINT, direction: 'IN', antenna: 2 }],
    });
    const parsed = ZoneInput.parse(body);
    expect(parsed).toMatchObject({
      name: 'Dock',
      duration: 45 * 60 * 1e9,
      killDuration: 0,
      emails: ['ops@example.com'],
      gates: [{ endpoint: ENDPOINT, direction: 'IN', antenna: 2 }],
      site: SITE,
    });
  });
});

describe('zone form from the shared schema', () => {
  it('starts from the schema’s defaults, each key of the schema present', () => {
    expect(zoneDefaults(SITE)).toEqual({ ...ZoneInput.parse({ name: 'x', site: SITE }), name: '' });
    expect(zoneDefaults(SITE)).toMatchObject({ duration: 0, emails: [], killMode: 'clearZone', site: SITE });
    const a = zoneDefaults(SITE);
    a.emails.push('ops@example.com');
    expect(zoneDefaults(SITE).emails).toEqual([]);
  });

  it('sends every key of the schema and nothing else', () => {
    const body = zoneBody({ ...zoneDefaults(SITE), _id: 'c'.repeat(24), name: 'Dock' });
    expect(Object.keys(body).sort()).toEqual(Object.keys(ZoneInput.shape).sort());
  });
});
