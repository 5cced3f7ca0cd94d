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
import { downloadFile } from './download';
import { useCategories, useZoneNames } from './lookups';
import {
  CategoryChips,
  ChipList,
  ClippedText,
  ListDateTime,
  TagList,
  ThingName,
  ZoneName,
} from './ThingCells';
import { nameLabel, serialLabel, thingWords } from './thing-labels';

/** Most recent zone entry first by default; the server puts things never seen in a zone last. */
const THINGS_DEFAULT_SORT = '-lastZoneTime';
/**
 * Every column fits a 1280 px window beside the side menu: names take two lines at most, serials
 * and tags end in an ellipsis (whole in their title or tooltip), a zone entry time and its header
 * may break between its date and its clock.
 */
const SERIAL_MAX_WIDTH = '9rem';
/** Wide enough for 'ZONE ENTRY' and its sort arrow on the header's first line. */
const TIME_WIDTH = '8.5rem';

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
        render: (t) => <ClippedText text={t.serial} maxWidth={SERIAL_MAX_WIDTH} />,
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
        wrapLabel: true,
        width: TIME_WIDTH,
        render: (t) => <ListDateTime value={t.lastZoneTime} />,
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
