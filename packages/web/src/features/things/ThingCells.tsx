/** Cells of the items and workers lists: alarm marker, category chips, tags, labels, zone. */
import NotificationImportantRounded from '@mui/icons-material/NotificationImportantRounded';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { decodeEpc, type Thing } from '@sightline/shared';
import { formatListDate, formatListDateTime } from '../../components/format';

const NONE = '—';
const MAX_CHIPS = 3;

/** A tamper alarm shows an alarm icon (in lists and the events table); its time is in the tooltip. */
export function AlarmMarker({ thing }: { thing: Pick<Thing, 'alarmTamper' | 'alarmTamperTime'> }) {
  if (!thing.alarmTamper) return null;
  const title = thing.alarmTamperTime
    ? `Tamper alarm since ${formatListDateTime(thing.alarmTamperTime)}`
    : 'Tamper alarm';
  return (
    <Tooltip title={title}>
      <NotificationImportantRounded
        role="img"
        aria-label={title}
        fontSize="small"
        sx={{ color: 'error.main', flexShrink: 0 }}
      />
    </Tooltip>
  );
}

export function ThingName({ thing }: { thing: Thing }) {
  // Tables show at most two lines of a name and phone rows one, each ending in an ellipsis; the
  // whole name is the text's title.
  return (
    // From sm up 160 to 220 px wide, so a name wraps onto two lines rather than four and the
    // items list's columns fit a 1280 px window.
    <Stack
      direction="row"
      spacing={0.75}
      alignItems="center"
      sx={{ minWidth: { xs: 0, sm: 160 }, maxWidth: { sm: 220 } }}
    >
      <Typography
        variant="body2"
        component="span"
        title={thing.name}
        sx={{
          fontWeight: 600,
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: { xs: 'nowrap', sm: 'normal' },
          display: { sm: '-webkit-box' },
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: { sm: 2 },
          overflowWrap: 'anywhere',
        }}
      >
        {thing.name}
      </Typography>
      <AlarmMarker thing={thing} />
    </Stack>
  );
}

/** One line of text in a table cell at most `maxWidth` wide, ending in an ellipsis; whole in its title. */
export function ClippedText({ text, maxWidth }: { text: string; maxWidth: string }) {
  if (!text) return <>{NONE}</>;
  return (
    <Box
      component="span"
      title={text}
      sx={{
        display: 'block',
        maxWidth,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      {text}
    </Box>
  );
}

/** A list date-time that may break between its date and its clock, never inside either. */
export function ListDateTime({ value }: { value: Thing['lastZoneTime'] }) {
  const text = formatListDateTime(value);
  const date = formatListDate(value);
  // Unset ('—', 'N/A'): one word, as formatted.
  if (!text.startsWith(`${date} `)) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{date}</span>{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{text.slice(date.length + 1)}</span>
    </>
  );
}

/** Up to three chips, then '+n' with the rest in its tooltip. */
export function ChipList({ values, variant }: { values: string[]; variant: 'filled' | 'outlined' }) {
  if (!values.length) return <>{NONE}</>;
  const shown = values.slice(0, MAX_CHIPS);
  const rest = values.slice(MAX_CHIPS);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {shown.map((v) => (
        <Chip
          key={v}
          label={v}
          size="small"
          variant={variant}
          color={variant === 'filled' ? 'primary' : 'default'}
          sx={variant === 'filled' ? { bgcolor: 'action.selected', color: 'primary.dark' } : undefined}
        />
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join(', ')}>
          <Chip label={`+${rest.length}`} size="small" variant="outlined" />
        </Tooltip>
      )}
    </Box>
  );
}

export function CategoryChips({ ids, names }: { ids: string[]; names: Map<string, string> }) {
  // Unknown ids (a category deleted meanwhile, or not yet loaded) are left out rather than shown as ids.
  const labels = ids.map((id) => names.get(id)).filter((n): n is string => Boolean(n));
  return <ChipList values={labels} variant="filled" />;
}

/** Every tag of a thing: tag1, tag2, then tags[], without repeats. */
export const allTags = (t: Pick<Thing, 'tag1' | 'tag2' | 'tags'>) => [
  ...new Set([t.tag1, t.tag2, ...t.tags].filter(Boolean)),
];

/**
 * EPC tags are long and differ at the end: the list shows the last characters and the first tag's
 * GS1 keys (cut with an ellipsis past 10rem, so the list's columns fit a 1280 px window), the
 * tooltip every tag with its URI.
 */
const TAGS_MAX_WIDTH = '10rem';
const TAG_TAIL = 8;
const shortTag = (tag: string) => (tag.length > TAG_TAIL + 2 ? `…${tag.slice(-TAG_TAIL)}` : tag);

export function TagList({ thing }: { thing: Thing }) {
  const tags = allTags(thing);
  const [first, ...rest] = tags;
  if (!first) return <>{NONE}</>;
  // The first tag's GS1 keys under its hex; every tag's URI in the tooltip.
  const identity = decodeEpc(first);
  return (
    <Tooltip
      title={tags.map((tag) => `${tag}  ${decodeEpc(tag).uri}`).join('\n')}
      slotProps={{ tooltip: { sx: { whiteSpace: 'pre', maxWidth: 'none' } } }}
    >
      <Box
        component="span"
        aria-label={tags.join(', ')}
        sx={{
          display: 'block',
          maxWidth: TAGS_MAX_WIDTH,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: '0.8125rem',
          whiteSpace: 'nowrap',
        }}
      >
        {shortTag(first)}
        {rest.length > 0 && (
          <Box component="span" sx={{ color: 'text.secondary', fontFamily: 'inherit' }}>
            {` +${rest.length}`}
          </Box>
        )}
        {identity.label && (
          <Box
            component="span"
            className="tag-identity"
            sx={{
              display: 'block',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              color: 'text.secondary',
              fontFamily: 'body1.fontFamily',
              fontSize: '0.75rem',
            }}
          >
            {identity.label}
          </Box>
        )}
      </Box>
    </Tooltip>
  );
}

export function ZoneName({ id, names }: { id: string | null; names: Map<string, string> }) {
  if (!id)
    return (
      <Typography variant="body2" color="text.secondary">
        {NONE}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" sx={{ minWidth: 0 }}>
      <PlaceOutlined fontSize="small" sx={{ color: 'secondary.main' }} aria-hidden />
      <Typography
        variant="body2"
        component="span"
        // Tables wrap a long zone name at its spaces; phone rows end it with an ellipsis.
        sx={{
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: { xs: 'nowrap', sm: 'normal' },
        }}
      >
        {names.get(id) ?? 'Another site'}
      </Typography>
    </Stack>
  );
}
