/**
 * The items and workers lists: name (alarm marker), categories, serial, tags or labels,
 * zone entry time, zone. Fuzzy search, most recent zone entry first, Download XLSX, add, delete.
 * The rows follow the live stream: a thing's new state is written into the page, which is refetched
 * only when a thing may join, leave or move on it (features/things/live.ts).
 */
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type { Thing, ThingClass } from '@sightline/shared';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/session-context';
import { type Column, ResourceList } from '../../components';
import { DownloadButton } from '../../components/DownloadButton';
import { formatListDateTime } from '../../components/format';
import { downloadFile } from './download';
import { useCategories, useZoneNames } from './lookups';
import { CategoryChips, ChipList, TagList, ThingName, ZoneName } from './ThingCells';
import { nameLabel, serialLabel, thingWords } from './thing-labels';

/** Most recent zone entry first by default; the server puts things never seen in a zone last. */
const THINGS_DEFAULT_SORT = '-lastZoneTime';

export function ThingsList({ thingClass }: { thingClass: ThingClass }) {
  const { settings, siteId } = useSession();
  const [params] = useSearchParams();
  const zones = useZoneNames();
  const categories = useCategories();
  const words = thingWords(thingClass, settings);
  const showLabels = settings.thingHeaders.includes('label');

  const columns = useMemo<Column<Thing>[]>(
    () => [
      {
        field: 'name',
        label: nameLabel(settings),
        sortable: true,
        render: (t) => <ThingName thing={t} />,
      },
      {
        field: 'categories',
        label: 'Categories',
        render: (t) => <CategoryChips ids={t.categories} names={categories.names} />,
        hideBelow: 'md',
      },
      {
        field: 'serial',
        label: serialLabel(settings),
        sortable: true,
        render: (t) => <span style={{ whiteSpace: 'nowrap' }}>{t.serial || '—'}</span>,
        hideBelow: 'sm',
      },
      showLabels
        ? {
            field: 'labels',
            label: 'Labels',
            render: (t) => <ChipList values={t.labels} variant="outlined" />,
            hideBelow: 'md',
          }
        : { field: 'tags', label: 'Tags', render: (t) => <TagList thing={t} />, hideBelow: 'md' },
      {
        field: 'lastZoneTime',
        label: 'Zone Entry Time',
        sortable: true,
        render: (t) => <span style={{ whiteSpace: 'nowrap' }}>{formatListDateTime(t.lastZoneTime)}</span>,
        hideBelow: 'sm',
      },
      {
        field: 'zone',
        label: 'Zone',
        sortable: true,
        render: (t) => <ZoneName id={t.zone} names={zones} />,
      },
    ],
    [settings, showLabels, categories.names, zones],
  );

  return (
    <ResourceList<Thing>
      resource="things"
      title={words.title}
      entityName={words.noun}
      editPath={words.path}
      filters={{ class: thingClass }}
      siteScoped
      searchParam="search2"
      defaultSort={THINGS_DEFAULT_SORT}
      permissions={{ resource: words.resource }}
      addLabel={`Add ${words.noun}`}
      emptyIcon={thingClass === 'worker' ? <BadgeOutlined /> : <Inventory2Outlined />}
      actions={
        <DownloadButton
          run={() =>
            downloadFile(
              'things/export',
              { class: thingClass, site: siteId, search2: params.get('search') || undefined },
              `${thingClass}s.xlsx`,
            )
          }
        />
      }
      columns={columns}
    />
  );
}
