import { DEFAULT_SITE_SETTINGS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { formatListDateTime } from '../../components/format';
import { actorLabel, diffLines, recordLabel, resourceLabel } from './audit-text';
import { fieldLabeller, spellKey } from './field-labels';

describe('the audit row’s before/after lines', () => {
  it('reads an update’s pairs, a create’s record and a delete’s record', () => {
    expect(
      diffLines({ action: 'update', changes: { name: ['A', 'B'], gates: [[], [{ antenna: 1 }]] } }),
    ).toEqual([
      { path: 'name', field: 'Name', before: 'A', after: 'B' },
      { path: 'gates', field: 'Gates', before: '—', after: 'antenna: 1' },
    ]);
    expect(diffLines({ action: 'create', changes: { name: 'A', description: '' } })).toEqual([
      { path: 'name', field: 'Name', before: '—', after: 'A' },
      { path: 'description', field: 'Description', before: '—', after: '—' },
    ]);
    expect(diffLines({ action: 'delete', changes: { name: 'A' } })).toEqual([
      { path: 'name', field: 'Name', before: 'A', after: '—' },
    ]);
    expect(diffLines({ action: 'login', changes: null })).toEqual([]);
  });

  it('reads an acknowledgement’s alert and its state and note pairs by the alert’s labels', () => {
    expect(
      diffLines(
        {
          action: 'acknowledge',
          changes: {
            alert: 'Zone time alert for Pallet 1 in Dock',
            state: ['open', 'acknowledged'],
            acknowledgementNote: [null, 'on my way'],
          },
        },
        fieldLabeller('exceptions', DEFAULT_SITE_SETTINGS),
      ),
    ).toEqual([
      { path: 'alert', field: 'Alert', before: '—', after: 'Zone time alert for Pallet 1 in Dock' },
      { path: 'state', field: 'Status', before: 'open', after: 'acknowledged' },
      { path: 'acknowledgementNote', field: 'Acknowledgement Note', before: '—', after: 'on my way' },
    ]);
  });

  it('shows lists, records, instants and yes/no as a person reads them, never as JSON', () => {
    const when = '2026-11-27T16:20:05.000Z';
    const [emails, gates, seen, flag] = diffLines({
      action: 'update',
      changes: {
        emails: [['a@example.com'], ['a@example.com', 'b@example.com']],
        gates: [[{ antenna: 1, direction: 'in' }], [{ antenna: 1, direction: 'in' }, { antenna: 2 }]],
        lastSeen: [null, when],
        enabled: [true, false],
      },
    });
    expect([emails?.before, emails?.after]).toEqual(['a@example.com', 'a@example.com, b@example.com']);
    expect(gates?.after).toBe('antenna: 1, direction: in; antenna: 2');
    expect([seen?.before, seen?.after]).toEqual(['—', formatListDateTime(when)]);
    expect(seen?.after).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} [ap]m$/);
    expect([flag?.before, flag?.after]).toEqual(['Yes', 'No']);
  });

  it('names a zone’s fields as its editor does, never by their keys', () => {
    const lines = diffLines(
      { action: 'update', changes: { killDuration: [0, 4], immediateKill: [false, true], duration: [1, 2] } },
      fieldLabeller('zones', DEFAULT_SITE_SETTINGS),
    );
    expect(lines.map((l) => l.field)).toEqual(['Delete Delay (hours)', 'Immediate Kill', 'Alert Time']);
  });

  it('names the fields of webhooks, API keys, report configurations, organizations and SSO settings by their editors', () => {
    const field = (resource: string, key: string) => fieldLabeller(resource, DEFAULT_SITE_SETTINGS)(key);
    expect(field('webhooks', 'targetUrl')).toBe('Target URL');
    expect(field('webhooks', 'requestHeaders')).toBe('Request Headers');
    expect(field('apikeys', 'securityCtx.sites')).toBe('Sites');
    expect(field('reportconfigs', 'headings')).toBe('Headings');
    expect(field('organizations', 'timeCreated')).toBe('Created Date');
    expect(field('ssosettings', 'requireTotp')).toBe(
      'Require two-factor authentication for password sign-in',
    );
  });

  it('opens nested objects into the fields that changed, each by its editor label', () => {
    const label = fieldLabeller('endpoints', DEFAULT_SITE_SETTINGS);
    expect(
      diffLines(
        {
          action: 'update',
          changes: {
            autoEnroll: [
              { enabled: false, locationEnabled: false },
              { enabled: true, locationEnabled: false },
            ],
            connection: [
              { mode: 'push', retries: 0 },
              { mode: 'llrp', retries: 3 },
            ],
          },
        },
        label,
      ),
    ).toEqual([
      { path: 'autoEnroll.enabled', field: 'AutoEnroll', before: 'No', after: 'Yes' },
      { path: 'connection.mode', field: 'Mode', before: 'push', after: 'llrp' },
      { path: 'connection.retries', field: 'Connection › Retries', before: '0', after: '3' },
    ]);
    expect(diffLines({ action: 'create', changes: { autoEnroll: { enabled: true } } }, label)).toEqual([
      { path: 'autoEnroll.enabled', field: 'AutoEnroll', before: '—', after: 'Yes' },
    ]);
  });

  it('names a thing’s name and serial with the site’s own words', () => {
    const settings = { ...DEFAULT_SITE_SETTINGS, itemNameLabel: 'Asset Name', itemSerialLabel: 'Asset No.' };
    const lines = diffLines(
      { action: 'update', changes: { name: ['A', 'B'], serial: ['1', '2'], timeModified: ['x', 'y'] } },
      fieldLabeller('things', settings),
    );
    expect(lines.map((l) => l.field)).toEqual(['Asset Name', 'Asset No.', 'Time modified']);
  });

  it('spells out a key no screen labels', () => {
    expect(spellKey('killDuration')).toBe('Kill duration');
    expect(spellKey('addressLine1')).toBe('Address line 1');
    expect(spellKey('_id')).toBe('Id');
  });
});

describe('what the Audit Log shows a person for a row’s resource and record', () => {
  it('names resources in words, and keeps an unknown key as stored', () => {
    expect(resourceLabel('exceptions')).toBe('Alerts');
    expect(resourceLabel('orgsettings')).toBe('Organization settings');
    expect(resourceLabel('workers')).toBe('Workers');
    expect(resourceLabel('gizmos')).toBe('gizmos');
  });
  it('names the record by the name the server found, else its id', () => {
    expect(recordLabel({ resourceId: 'z1', resourceName: 'Dock' })).toBe('Dock');
    expect(recordLabel({ resourceId: 'z1', resourceName: null })).toBe('z1');
    expect(recordLabel({ resourceId: null, resourceName: null })).toBe('—');
  });
});

describe('who acted, in the row’s dialog', () => {
  it('names a user alone and says what any other actor is', () => {
    expect(actorLabel({ type: 'user', id: 'u1', name: 'Administrator' })).toBe('Administrator');
    expect(actorLabel({ type: 'apikey', id: 'k1', name: 'Dock scanner' })).toBe('Dock scanner (API key)');
    expect(actorLabel({ type: 'reader', id: 'e1', name: 'Gate 1' })).toBe('Gate 1 (reader)');
    expect(actorLabel({ type: 'system', id: null, name: 'Sightline' })).toBe('Sightline');
  });
});
