/**
 * The map editor: Name, Image (uploaded after the map is saved, since the upload needs its
 * id), Top Left X/Y and Bottom Right X/Y in the map's own units, and a preview. Saving
 * needs modify on maps; Delete needs delete on maps and an existing record.
 */
import { MapInput, type MapRecord } from '@sightline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../../api/session-context';
import { type EditorTab, ResourceEditor, useNotify } from '../../components';
import { useSiteNavigate } from '../../navigation/site-links';
import { MAP_LABELS } from './field-labels';
import { mapKeys } from './keys';
import { MapImageField } from './MapImageField';
import { MapPreview } from './MapPreview';
import { fromMapRecord, imageFileRule, type MapForm, mapBody, mapDefaults, uploadMapImage } from './map-form';

const differs = (other: 0 | 1, label: string) => (v: unknown, values: MapForm) =>
  typeof v === 'number' && v === values.topLeft[other] ? `must differ from ${label}` : undefined;

export default function MapEdit() {
  const session = useSession();
  const notify = useNotify();
  const navigate = useSiteNavigate();
  const client = useQueryClient();
  const site = session.siteId ?? '';

  const tabs = useMemo<EditorTab<MapForm>[]>(
    () => [
      {
        label: 'Basic',
        fields: [
          { type: 'text', name: 'name', label: MAP_LABELS.name, required: true, autoComplete: 'off' },
          {
            type: 'custom',
            name: 'imageFile',
            label: MAP_LABELS.imageFile,
            component: MapImageField,
            helperText: 'PNG, JPEG, SVG or WebP, up to 30 MB.',
            validate: imageFileRule,
          },
          {
            type: 'text',
            name: 'topLeft.0',
            label: MAP_LABELS['topLeft.0'],
            inputType: 'number',
            required: true,
          },
          {
            type: 'text',
            name: 'topLeft.1',
            label: MAP_LABELS['topLeft.1'],
            inputType: 'number',
            required: true,
          },
          {
            type: 'text',
            name: 'botRight.0',
            label: MAP_LABELS['botRight.0'],
            inputType: 'number',
            required: true,
            validate: differs(0, 'Top Left X'),
          },
          {
            type: 'text',
            name: 'botRight.1',
            label: MAP_LABELS['botRight.1'],
            inputType: 'number',
            required: true,
            validate: differs(1, 'Top Left Y'),
          },
        ],
        component: MapPreview,
      },
    ],
    [],
  );

  const afterSave = async (saved: unknown, values: MapForm) => {
    const map = saved as MapRecord;
    if (values.imageFile) {
      try {
        await uploadMapImage(map._id, values.imageFile);
      } catch {
        notify.error('Error uploading file');
        // Stay on the (now saved) map so the upload can be retried.
        if (!values._id) navigate(`maps/${map._id}`, { replace: true });
        return;
      } finally {
        await client.invalidateQueries({ queryKey: mapKeys.all() });
      }
    }
    navigate('maps');
  };

  return (
    <ResourceEditor<MapForm>
      resource="maps"
      entityName="map"
      tabs={tabs}
      defaults={mapDefaults(site)}
      schema={MapInput}
      fromRecord={(record) => fromMapRecord(record as unknown as MapRecord, site)}
      toBody={(v, ctx) => mapBody({ ...v, site: ctx.isNew ? site : v.site })}
      permissions={{ delete: session.can('maps', 'delete') }}
      afterSave={afterSave}
    />
  );
}
