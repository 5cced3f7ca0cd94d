import { MSG, toNanoseconds, ZoneInput } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import type { EditorTab } from '../../components';
import { validateEditor } from '../../components/editor/validate';
import { emailsRule, gateEndpointRule, newGate, zoneBody, zoneDefaults } from './zone-form';

const SITE = 'a'.repeat(24);
const ENDPOINT = 'b'.repeat(24);

describe('zone form', () => {
  it('names the first invalid alert email', () => {
    expect(emailsRule(['ops@example.com'])).toBeUndefined();
    expect(emailsRule(['ops@example.com', 'nope', 'x@'])).toBe(`${MSG.invalidEmail}: nope`);
  });

  it('refuses a gate without an endpoint with the fixed text', () => {
    expect(gateEndpointRule('')).toBe('Please select an value');
    expect(gateEndpointRule(ENDPOINT)).toBeUndefined();
    const tabs: EditorTab[] = [
      {
        label: 'Gates',
        fields: [
          {
            type: 'sublist',
            name: 'gates',
            label: 'Gates',
            newItem: newGate,
            fields: [
              {
                type: 'custom',
                name: 'endpoint',
                label: 'Endpoint',
                component: () => null,
                validate: gateEndpointRule,
              },
            ],
          },
        ],
      },
    ];
    const problems = validateEditor(tabs, {
      values: { gates: [newGate()] },
      record: undefined,
      isNew: true,
      readOnly: false,
    });
    expect(problems).toEqual([
      expect.objectContaining({
        path: 'gates.0.endpoint',
        message: 'Endpoint in the Gates tab: Please select an value',
        fieldMessage: 'Please select an value',
      }),
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
