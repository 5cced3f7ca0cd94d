/**
 * The zone editor. Basic: name, description, alert time (nanoseconds, shown in minutes), entry
 * delay (nanoseconds, shown in seconds or minutes: tracking/engine/entry-delay.ts), alert
 * emails and the kill settings (a thing unseen for the delete delay is taken out of the zone or
 * deleted: packages/server/src/tracking/jobs/kill.ts); Gates: which endpoint, direction and
 * antenna put a thing in this zone. A new zone belongs to the selected site.
 */
import { KILL_MODE_OPTIONS, type NamedOption, ZoneInput } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client';
import { useSession } from '../../api/session-context';
import { type EditorTab, ResourceEditor } from '../../components';
import { ZONE_LABELS } from './field-labels';
import { GateEndpointSelect } from './GateEndpointSelect';
import { zoneKeys } from './keys';
import {
  ANTENNA_OPTIONS,
  DIRECTION_OPTIONS,
  newGate,
  type ZoneForm,
  zoneBody,
  zoneDefaults,
} from './zone-form';

/** GET api/killmodes; the shared list stands in until it answers. */
function useKillModes() {
  return useQuery({
    queryKey: zoneKeys.killModes(),
    queryFn: ({ signal }) => api.get<NamedOption[]>('killmodes', undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: KILL_MODE_OPTIONS,
  });
}

export default function ZoneEdit() {
  const session = useSession();
  const killModes = useKillModes();

  const tabs = useMemo<EditorTab<ZoneForm>[]>(
    () => [
      {
        label: 'Basic',
        fields: [
          { type: 'text', name: 'name', label: ZONE_LABELS.name, required: true, autoComplete: 'off' },
          {
            type: 'duration',
            name: 'duration',
            label: ZONE_LABELS.duration,
            defaultUnit: 'minutes',
            helperText: 'A stay longer than this raises an alert; 0 turns the alert off.',
          },
          {
            type: 'duration',
            name: 'entryDelay',
            label: ZONE_LABELS.entryDelay,
            defaultUnit: 'seconds',
            helperText:
              'A thing counts as here once seen here this long (no stays from a doorway flicker); 0 = at once.',
          },
          { type: 'text', name: 'description', label: ZONE_LABELS.description, multiline: true },
          {
            type: 'text',
            name: 'epcisId',
            label: ZONE_LABELS.epcisId,
            autoComplete: 'off',
            helperText: 'The id EPCIS documents use, e.g. urn:epc:id:sgln:0614141.00001.0; empty: derived.',
          },
          {
            type: 'combobox',
            name: 'emails',
            label: ZONE_LABELS.emails,
            multiple: true,
            freeSolo: true,
            options: [],
            width: 'full',
            helperText: 'Type an address and press Enter; each is mailed when a stay runs over.',
          },
          {
            type: 'expansion',
            name: 'kill',
            label: ZONE_LABELS.kill,
            defaultExpanded: true,
            helperText:
              'A thing not seen for the delete delay while in this zone is taken out of it or deleted; immediate kill does it on entry.',
            fields: [
              {
                type: 'text',
                name: 'killDuration',
                label: ZONE_LABELS.killDuration,
                inputType: 'number',
                helperText: '0 = never',
              },
              {
                type: 'select',
                name: 'killMode',
                label: ZONE_LABELS.killMode,
                required: true,
                options: (killModes.data ?? KILL_MODE_OPTIONS).map((m) => ({ value: m.id, label: m.name })),
              },
              { type: 'checkbox', name: 'immediateKill', label: ZONE_LABELS.immediateKill },
            ],
          },
        ],
      },
      {
        label: 'Gates',
        fields: [
          {
            type: 'sublist',
            name: 'gates',
            label: ZONE_LABELS.gates,
            addLabel: 'Add gate',
            newItem: newGate,
            helperText:
              'A sighting by the endpoint, in the direction, on the antenna, puts the thing in this zone.',
            fields: [
              {
                type: 'custom',
                name: 'endpoint',
                label: ZONE_LABELS['gates.endpoint'],
                component: GateEndpointSelect,
              },
              {
                type: 'select',
                name: 'direction',
                label: ZONE_LABELS['gates.direction'],
                required: true,
                options: DIRECTION_OPTIONS,
              },
              {
                type: 'select',
                name: 'antenna',
                label: ZONE_LABELS['gates.antenna'],
                required: true,
                options: ANTENNA_OPTIONS,
              },
            ],
          },
        ],
      },
    ],
    [killModes.data],
  );

  const defaults = zoneDefaults(session.siteId ?? '');
  return (
    <ResourceEditor<ZoneForm>
      resource="zones"
      entityName="zone"
      tabs={tabs}
      defaults={defaults}
      schema={ZoneInput}
      fromRecord={(record) => ({ ...defaults, ...record })}
      toBody={(v, ctx) => zoneBody({ ...v, site: ctx.isNew ? (session.siteId ?? v.site) : v.site })}
    />
  );
}
