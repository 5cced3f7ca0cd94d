/**
 * The thing editor at items/{id}, workers/{id} and things/{id}:
 * tabs Basic (common fields and the read-only state), Events, Zone History, Data and
 * Photo (the images feature's ThingPhotos) and Parents/Children. Tags and the other rules of the
 * body are the shared `ThingInput`'s (tag numbers in hex), checked before saving and by the server.
 */
import { THING_CLASS_OPTIONS, type Thing, type ThingClass, ThingInput } from '@sightline/shared';
import { useMemo } from 'react';
import { useMatches, useParams } from 'react-router';
import { useRecord } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { type EditorTab, ResourceEditor } from '../../components';
import { ThingPhotos } from '../images/ThingPhotos';
import { PersonalDataActions } from '../privacy/PersonalDataActions';
import { thingLabels } from './field-labels';
import { ThingLinks } from './links/ThingLinks';
import { useCategories } from './lookups';
import { ThingData } from './ThingData';
import { ThingEvents } from './ThingEvents';
import { ThingState } from './ThingState';
import { newThing, type ThingForm, thingBody } from './thing-form';
import { thingWords } from './thing-labels';
import { ZoneHistory } from './ZoneHistory';

/** Route handle of items/:id and workers/:id: the class a new record gets and the list to return to. */
export interface ThingRouteHandle {
  thingClass?: ThingClass;
}

function useRouteClass(): ThingClass | undefined {
  const matches = useMatches();
  return (matches.at(-1)?.handle as ThingRouteHandle | undefined)?.thingClass;
}

const whenNew = (ctx: { isNew: boolean }) => ctx.isNew;

export default function ThingEdit() {
  const session = useSession();
  const { settings } = session;
  const { id } = useParams();
  const routeClass = useRouteClass();
  // The same query the editor runs: it tells the class (permissions, list) of things/{id}.
  const loaded = useRecord<Thing>('things', id);
  const thingClass = loaded.data?.class ?? routeClass ?? 'item';
  const words = thingWords(thingClass, settings);
  const listPath = thingWords(routeClass ?? thingClass, settings).path;
  const categories = useCategories();
  const labels = useMemo(() => thingLabels(settings), [settings]);

  const tabs = useMemo<EditorTab<ThingForm>[]>(
    () => [
      {
        label: 'Basic',
        fields: [
          { type: 'text', name: 'name', label: labels.name, required: true, autoComplete: 'off' },
          { type: 'text', name: 'serial', label: labels.serial, autoComplete: 'off' },
          {
            type: 'select',
            name: 'class',
            label: labels.class,
            required: true,
            options: THING_CLASS_OPTIONS.map((o) => ({ value: o.id, label: o.name })),
          },
          {
            type: 'combobox',
            name: 'categories',
            label: labels.categories,
            multiple: true,
            options: categories.all.map((c) => ({ value: c._id, label: c.name })),
          },
          { type: 'text', name: 'description', label: labels.description, multiline: true, width: 'full' },
          { type: 'text', name: 'tag1', label: labels.tag1, autoComplete: 'off' },
          { type: 'text', name: 'tag2', label: labels.tag2, autoComplete: 'off' },
          {
            type: 'combobox',
            name: 'tags',
            label: labels.tags,
            multiple: true,
            freeSolo: true,
            options: [],
            helperText: 'RFID tag numbers (hex); press Enter after each.',
          },
          {
            type: 'combobox',
            name: 'labels',
            label: labels.labels,
            multiple: true,
            freeSolo: true,
            options: [],
            helperText: 'Free words such as Loaner or Calibrated; press Enter after each.',
          },
        ],
        component: ThingState,
      },
      { label: 'Events', component: ThingEvents, hidden: whenNew },
      { label: 'Zone History', component: ZoneHistory, hidden: whenNew },
      { label: 'Photo', component: ThingPhotos, hidden: whenNew },
      { label: 'Data', component: ThingData, hidden: whenNew },
      { label: 'Parents/Children', component: ThingLinks, hidden: whenNew },
    ],
    [labels, categories.all],
  );

  return (
    <ResourceEditor<ThingForm>
      resource="things"
      entityName={words.noun}
      tabs={tabs}
      defaults={newThing(routeClass ?? 'item', session.siteId ?? '')}
      schema={ThingInput}
      permissions={{ resource: words.resource }}
      listPath={listPath}
      // Parents and photos are saved by their own tabs: keep the latest loaded ones.
      toBody={(v, ctx) => thingBody(v, ctx.record ?? v)}
      actions={(ctx) =>
        // Only a worker is a person with personal data to export or erase (the server refuses others).
        !ctx.isNew && ctx.record?._id && ctx.record.class === 'worker' ? (
          <PersonalDataActions id={ctx.record._id} name={ctx.record.name} listPath={listPath} />
        ) : null
      }
    />
  );
}
