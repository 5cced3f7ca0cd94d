/**
 * The location tag editor: Name and Tag (required), Zone (the site's zones, picker limit 1000),
 * Map, Coordinate X and Y; a QR Code tab with the tag. A new tag belongs to the selected site.
 */
import { type LocationTag, LocationTagInput, PICKER_FETCH_LIMIT } from '@sightline/shared';
import { useMemo } from 'react';
import { useSession } from '../../api/session-context';
import { type EditorTab, type EditorTabProps, ResourceEditor } from '../../components';
import { QrCode } from '../../components/QrCode';
import { useSiteMaps } from '../maps/useSiteMaps';
import { useSiteZones } from '../zones/useZones';
import { LOCATION_TAG_LABELS } from './field-labels';
import {
  fromLocationTag,
  type LocationTagForm,
  locationTagBody,
  locationTagDefaults,
  tagRule,
} from './locationtag-form';

function TagQr({ ctx }: EditorTabProps<LocationTagForm>) {
  const tag = (ctx.values.tag ?? '').trim().toUpperCase();
  return (
    <QrCode
      value={tagRule(tag) ? '' : tag}
      fileName={`location-tag-${ctx.values.name || tag}`}
      caption="Print this code and fix it at the location; scanning it tells a handheld where it is."
      emptyText="Enter a valid tag on the Basic tab to see its QR code."
    />
  );
}

export default function LocationTagEdit() {
  const session = useSession();
  const site = session.siteId ?? '';
  const zones = useSiteZones(site, PICKER_FETCH_LIMIT);
  const maps = useSiteMaps(site);

  const tabs = useMemo<EditorTab<LocationTagForm>[]>(
    () => [
      {
        label: 'Basic',
        fields: [
          {
            type: 'text',
            name: 'name',
            label: LOCATION_TAG_LABELS.name,
            required: true,
            autoComplete: 'off',
          },
          {
            type: 'text',
            name: 'tag',
            label: LOCATION_TAG_LABELS.tag,
            required: true,
            autoComplete: 'off',
            helperText: 'The EPC in hex, e.g. 3034F87C6C00004000000001',
          },
          { type: 'select', name: 'zone', label: LOCATION_TAG_LABELS.zone, options: zones.options },
          { type: 'select', name: 'map', label: LOCATION_TAG_LABELS.map, options: maps.options },
          {
            type: 'text',
            name: 'xycoordinates.0',
            label: LOCATION_TAG_LABELS['xycoordinates.0'],
            inputType: 'number',
          },
          {
            type: 'text',
            name: 'xycoordinates.1',
            label: LOCATION_TAG_LABELS['xycoordinates.1'],
            inputType: 'number',
          },
        ],
      },
      { label: 'QR Code', component: TagQr },
    ],
    [zones.options, maps.options],
  );

  return (
    <ResourceEditor<LocationTagForm>
      resource="locationtags"
      entityName="location tag"
      tabs={tabs}
      defaults={locationTagDefaults(site)}
      schema={LocationTagInput}
      fromRecord={(record) => fromLocationTag(record as unknown as LocationTag, site)}
      toBody={(v, ctx) => locationTagBody({ ...v, site: ctx.isNew ? site : v.site })}
    />
  );
}
