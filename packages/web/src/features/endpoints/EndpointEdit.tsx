/**
 * The endpoint editor: Basic (Name, Map, UUID, External Gate, Coordinate X and Y, ID and Key
 * read only, AutoEnroll, AutoEnroll Locations, Description), Antennas, Status and QR Code. The
 * site is the selected site; Rotate Key replaces the key at once. A new endpoint opens as a
 * record after saving so its generated key shows. The body's rules (UUID characters, antenna
 * numbers 0 to 64) are the shared `EndpointInput`'s, checked before saving and by the server.
 */
import { EndpointInput, type MapRecord, PICKER_FETCH_LIMIT } from '@sightline/shared';
import { useMemo } from 'react';
import { recordId, useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { type EditorTab, type Option, ResourceEditor } from '../../components';
import { lowerTitle } from '../../components/table/cell';
import { useSiteNavigate } from '../../navigation/site-links';
import { thingWords } from '../things/thing-labels';
import { EndpointKeyField } from './EndpointKeyField';
import { EndpointQrTab } from './EndpointQrTab';
import { EndpointStatusTab } from './EndpointStatusTab';
import { DEFAULTS, type EndpointForm, endpointBody, newAntenna } from './endpoint-form';
import { ReadOnlyField } from './ReadOnlyField';

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
          { type: 'text', name: 'name', label: 'Name', required: true, autoComplete: 'off' },
          { type: 'select', name: 'map', label: 'Map', options: mapOptions },
          {
            type: 'text',
            name: 'uuid',
            label: 'UUID',
            autoComplete: 'off',
            helperText: 'The id the reader sends; leave empty to generate one.',
          },
          {
            type: 'checkbox',
            name: 'externalgate',
            label: 'External Gate',
            helperText: 'OUT or GONE here takes a thing off site.',
          },
          { type: 'text', name: 'xycoordinates.0', label: 'Coordinate X', inputType: 'number' },
          { type: 'text', name: 'xycoordinates.1', label: 'Coordinate Y', inputType: 'number' },
          { type: 'custom', name: '_id', label: 'ID', component: ReadOnlyField },
          {
            type: 'custom',
            name: 'key',
            label: 'Key',
            component: EndpointKeyField,
            helperText: 'The reader’s secret for posting sightings; keep it private.',
          },
          {
            type: 'checkbox',
            name: 'autoEnroll.enabled',
            label: 'AutoEnroll',
            helperText: `Unknown tags become new ${lowerTitle(itemWords.title)}.`,
          },
          {
            type: 'checkbox',
            name: 'autoEnroll.locationEnabled',
            label: 'AutoEnroll Locations',
            helperText: 'Unknown tags become location tags here.',
          },
          { type: 'text', name: 'description', label: 'Description', multiline: true },
          {
            type: 'text',
            name: 'epcisId',
            label: 'EPCIS Id',
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
            label: 'Antennas',
            addLabel: 'Add antenna',
            helperText: 'Where each antenna sits; a map of None uses the endpoint’s map.',
            newItem: () => newAntenna(),
            fields: [
              {
                type: 'text',
                name: 'antenna',
                label: 'Antenna',
                inputType: 'number',
                required: true,
              },
              { type: 'text', name: 'xycoordinates.0', label: 'X', inputType: 'number' },
              { type: 'text', name: 'xycoordinates.1', label: 'Y', inputType: 'number' },
              { type: 'select', name: 'map', label: 'Map', options: mapOptions },
            ],
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
      fromRecord={(record) => ({ ...DEFAULTS, ...record })}
      toBody={(v, ctx) => endpointBody(v, ctx.isNew ? (session.siteId ?? '') : (ctx.record?.site ?? v.site))}
      afterSave={(saved, values) =>
        // A new endpoint opens as a record so its generated ID, key and QR code show.
        values._id ? navigate('endpoints') : navigate(`endpoints/${recordId(saved)}`, { replace: true })
      }
    />
  );
}
