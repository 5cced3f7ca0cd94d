/**
 * The endpoint editor: Basic (Name, Map, UUID, External Gate, Coordinate X and Y, ID and Key
 * read only, AutoEnroll, AutoEnroll Locations, Description), Antennas, Connection (push, or a
 * reader Sightline connects to, with its live state), Status and QR Code. The
 * site is the selected site; Rotate Key replaces the key at once. A new endpoint opens as a
 * record after saving so its generated key shows. The body's rules (UUID characters, antenna
 * numbers 0 to 64) are the shared `EndpointInput`'s, checked before saving and by the server.
 */
import {
  type EndpointConnection,
  EndpointInput,
  type MapRecord,
  PICKER_FETCH_LIMIT,
} from '@sightline/shared';
import { useMemo } from 'react';
import { recordId, useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { type EditorTab, type Option, ResourceEditor } from '../../components';
import { lowerTitle } from '../../components/table/cell';
import { useSiteNavigate } from '../../navigation/site-links';
import { thingWords } from '../things/thing-labels';
import { EndpointConnectionState } from './EndpointConnectionState';
import { EndpointKeyField } from './EndpointKeyField';
import { EndpointPushTarget } from './EndpointPushTarget';
import { EndpointQrTab } from './EndpointQrTab';
import { EndpointStatusTab } from './EndpointStatusTab';
import { connectionForm, DEFAULTS, type EndpointForm, endpointBody, newAntenna } from './endpoint-form';
import { ENDPOINT_LABELS } from './field-labels';
import { ReadOnlyField } from './ReadOnlyField';

const CONNECTION_MODE_OPTIONS = [
  { value: 'push', label: 'Push (the reader posts)' },
  { value: 'llrp', label: 'LLRP' },
  { value: 'impinj-stream', label: 'Impinj stream' },
];
const isPush = (ctx: { values: EndpointForm }) => (ctx.values.connection?.mode ?? 'push') === 'push';

export default function EndpointEdit() {
  const session = useSession();
  const navigate = useSiteNavigate();
  const maps = useList<MapRecord>(
    'maps',
    { site: session.siteId, limit: PICKER_FETCH_LIMIT, sort: 'name' },
    { enabled: Boolean(session.siteId) },
  );

  const itemWords = thingWords('item', session.settings);
  const tabs = useMemo<EditorTab<EndpointForm>[]>(() => {
    const mapOptions: Option[] = (maps.data?.items ?? []).map((m) => ({ value: m._id, label: m.name }));
    return [
      {
        label: 'Basic',
        fields: [
          { type: 'text', name: 'name', label: ENDPOINT_LABELS.name, required: true, autoComplete: 'off' },
          { type: 'select', name: 'map', label: ENDPOINT_LABELS.map, options: mapOptions },
          {
            type: 'text',
            name: 'uuid',
            label: ENDPOINT_LABELS.uuid,
            autoComplete: 'off',
            helperText: 'The id the reader sends; leave empty to generate one.',
          },
          {
            type: 'checkbox',
            name: 'externalgate',
            label: ENDPOINT_LABELS.externalgate,
            helperText: 'OUT or GONE here takes a thing off site.',
          },
          {
            type: 'text',
            name: 'xycoordinates.0',
            label: ENDPOINT_LABELS['xycoordinates.0'],
            inputType: 'number',
          },
          {
            type: 'text',
            name: 'xycoordinates.1',
            label: ENDPOINT_LABELS['xycoordinates.1'],
            inputType: 'number',
          },
          { type: 'custom', name: '_id', label: ENDPOINT_LABELS._id, component: ReadOnlyField },
          {
            type: 'custom',
            name: 'key',
            label: ENDPOINT_LABELS.key,
            component: EndpointKeyField,
            helperText: 'The reader’s secret for posting sightings; keep it private.',
          },
          {
            type: 'checkbox',
            name: 'autoEnroll.enabled',
            label: ENDPOINT_LABELS['autoEnroll.enabled'],
            helperText: `Unknown tags become new ${lowerTitle(itemWords.title)}.`,
          },
          {
            type: 'checkbox',
            name: 'autoEnroll.locationEnabled',
            label: ENDPOINT_LABELS['autoEnroll.locationEnabled'],
            helperText: 'Unknown tags become location tags here.',
          },
          { type: 'text', name: 'description', label: ENDPOINT_LABELS.description, multiline: true },
          {
            type: 'text',
            name: 'epcisId',
            label: ENDPOINT_LABELS.epcisId,
            autoComplete: 'off',
            helperText: 'The id EPCIS documents use, e.g. urn:epc:id:sgln:0614141.00001.0; empty: derived.',
          },
        ],
      },
      {
        label: 'Antennas',
        fields: [
          {
            type: 'sublist',
            name: 'antennas',
            label: ENDPOINT_LABELS.antennas,
            addLabel: 'Add antenna',
            helperText: 'Where each antenna sits; a map of None uses the endpoint’s map.',
            newItem: () => newAntenna(),
            fields: [
              {
                type: 'text',
                name: 'antenna',
                label: ENDPOINT_LABELS['antennas.antenna'],
                inputType: 'number',
                required: true,
              },
              {
                type: 'text',
                name: 'xycoordinates.0',
                label: ENDPOINT_LABELS['antennas.xycoordinates.0'],
                inputType: 'number',
              },
              {
                type: 'text',
                name: 'xycoordinates.1',
                label: ENDPOINT_LABELS['antennas.xycoordinates.1'],
                inputType: 'number',
              },
              { type: 'select', name: 'map', label: ENDPOINT_LABELS['antennas.map'], options: mapOptions },
            ],
          },
        ],
      },
      {
        label: 'Connection',
        fields: [
          {
            type: 'select',
            name: 'connection.mode',
            label: ENDPOINT_LABELS['connection.mode'],
            options: CONNECTION_MODE_OPTIONS,
            helperText:
              'Push: the reader posts to Sightline. LLRP and Impinj stream: Sightline connects to the reader.',
          },
          {
            type: 'text',
            name: 'connection.host',
            label: ENDPOINT_LABELS['connection.host'],
            autoComplete: 'off',
            hidden: isPush,
          },
          {
            type: 'text',
            name: 'connection.port',
            label: ENDPOINT_LABELS['connection.port'],
            inputType: 'number',
            hidden: isPush,
            helperText: 'Empty: LLRP 5084 (5085 with TLS), stream 80 (443 with TLS).',
          },
          {
            type: 'text',
            name: 'connection.username',
            label: ENDPOINT_LABELS['connection.username'],
            autoComplete: 'off',
            hidden: isPush,
          },
          {
            type: 'text',
            name: 'connection.password',
            label: ENDPOINT_LABELS['connection.password'],
            inputType: 'password',
            autoComplete: 'new-password',
            hidden: isPush,
            helperText: 'Write-only: leave empty to keep the stored password.',
          },
          {
            type: 'checkbox',
            name: 'connection.tls',
            label: ENDPOINT_LABELS['connection.tls'],
            hidden: isPush,
          },
          {
            type: 'custom',
            name: '_pushTarget',
            label: 'Where the reader posts',
            component: EndpointPushTarget,
            width: 'full',
            hidden: (ctx) => ctx.isNew || !isPush(ctx),
          },
          {
            type: 'custom',
            name: '_connectionState',
            label: 'Connection State',
            component: EndpointConnectionState,
            width: 'full',
            hidden: (ctx) => ctx.isNew || isPush(ctx),
          },
        ],
      },
      { label: 'Status', component: EndpointStatusTab, hidden: (ctx) => ctx.isNew },
      { label: 'QR Code', component: EndpointQrTab, hidden: (ctx) => ctx.isNew },
    ];
  }, [maps.data, itemWords.title]);

  return (
    <ResourceEditor<EndpointForm>
      resource="endpoints"
      entityName="endpoint"
      tabs={tabs}
      defaults={DEFAULTS}
      schema={EndpointInput}
      fromRecord={(record) => ({
        ...DEFAULTS,
        ...record,
        connection: connectionForm(record.connection as unknown as EndpointConnection | undefined),
      })}
      toBody={(v, ctx) => endpointBody(v, ctx.isNew ? (session.siteId ?? '') : (ctx.record?.site ?? v.site))}
      afterSave={(saved, values) =>
        // A new endpoint opens as a record so its generated ID, key and QR code show.
        values._id ? navigate('endpoints') : navigate(`endpoints/${recordId(saved)}`, { replace: true })
      }
    />
  );
}
