/** One photo in the grid (a tile) or, on phones, in the list (a row): chips, date, map and comment buttons. */
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import CheckCircle from '@mui/icons-material/CheckCircle';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import {
  Box,
  ButtonBase,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  IconButton,
  ListItem,
  ListItemText,
  Stack,
  type SxProps,
  type Theme,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Image } from '@sightline/shared';
import { formatListDate } from '../../components/format';

export interface ImageCardProps {
  image: Image;
  selecting: boolean;
  selected: boolean;
  onOpen: () => void;
  onToggle: () => void;
}

export const hasLocation = (image: Image) =>
  image.location.coordinates[0] !== 0 || image.location.coordinates[1] !== 0;

export const mapsUrl = (image: Image) => {
  const [lon, lat] = image.location.coordinates;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
};

function Chips({ image }: { image: Image }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {image.categories.map((c) => (
        <Chip key={c.id} label={c.name} size="small" color="primary" />
      ))}
      {image.tags.map((t) => (
        <Chip key={t} label={t} size="small" color="success" sx={{ bgcolor: 'success.dark' }} />
      ))}
    </Stack>
  );
}

function Extras({ image, onOpen }: { image: Image; onOpen: () => void }) {
  return (
    <>
      {hasLocation(image) && (
        <Tooltip title="Open the location on a map">
          <IconButton
            size="small"
            component="a"
            href={mapsUrl(image)}
            target="_blank"
            rel="noopener"
            aria-label="Open the location on a map"
          >
            <PlaceOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {image.annotation && (
        <Tooltip title={image.annotation}>
          <IconButton size="small" aria-label={`Comment: ${image.annotation}`} onClick={onOpen}>
            <ChatBubbleOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}

/**
 * The selection mark over a photo: an opaque white disc with a dark ring, so it shows on a white
 * photo (the ring) and on a dark one (the disc); the tick or empty circle in the primary colour.
 */
function SelectionMark({ selected, small, sx }: { selected: boolean; small?: boolean; sx: SxProps<Theme> }) {
  const size = small ? 'small' : 'medium';
  return (
    <Box
      data-testid="selection-mark"
      aria-hidden
      sx={[
        {
          position: 'absolute',
          display: 'flex',
          borderRadius: '50%',
          bgcolor: 'common.white',
          color: selected ? 'primary.main' : 'grey.700',
          boxShadow: '0 0 0 2px rgba(15,23,42,0.75), 0 1px 4px rgba(15,23,42,0.5)',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {selected ? <CheckCircle fontSize={size} /> : <RadioButtonUnchecked fontSize={size} />}
    </Box>
  );
}

const label = (image: Image, selecting: boolean, selected: boolean) =>
  selecting ? `${selected ? 'Deselect' : 'Select'} ${image.fileName}` : `Open ${image.fileName}`;

/** While selecting, a photo shows the selection mark (an icon): hovering it says what a click does. */
const selectionTip = (image: Image, selecting: boolean, selected: boolean) =>
  selecting ? label(image, selecting, selected) : '';

export function ImageTile({ image, selecting, selected, onOpen, onToggle }: ImageCardProps) {
  return (
    <Card
      variant="outlined"
      sx={{
        outline: selected ? 3 : 0,
        outlineColor: 'primary.main',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Tooltip title={selectionTip(image, selecting, selected)} describeChild>
        <CardActionArea
          onClick={selecting ? onToggle : onOpen}
          aria-label={label(image, selecting, selected)}
          aria-pressed={selecting ? selected : undefined}
        >
          <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'grey.100' }}>
            <Box
              component="img"
              src={`/api/images/${image.id}/thumb`}
              alt={image.annotation || image.fileName}
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            {selecting && <SelectionMark selected={selected} sx={{ top: 6, left: 6 }} />}
          </Box>
        </CardActionArea>
      </Tooltip>
      <CardContent sx={{ p: 1.25, '&:last-child': { pb: 1.25 }, flex: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {formatListDate(image.timestamp)}
          </Typography>
          <Extras image={image} onOpen={onOpen} />
        </Stack>
        <Chips image={image} />
      </CardContent>
    </Card>
  );
}

/**
 * A phone row: the mini is the button (named "Open …" / "Select …"), stretched over the whole row
 * so a tap anywhere opens it; the date and chips are plain text beside it, and the map and comment
 * buttons sit above the stretched area.
 */
export function ImageRow({ image, selecting, selected, onOpen, onToggle }: ImageCardProps) {
  return (
    <ListItem divider sx={{ gap: 1.5, bgcolor: selected ? 'action.selected' : undefined, pr: 1 }}>
      <Tooltip title={selectionTip(image, selecting, selected)} describeChild>
        <ButtonBase
          onClick={selecting ? onToggle : onOpen}
          aria-label={label(image, selecting, selected)}
          aria-pressed={selecting ? selected : undefined}
          sx={{
            position: 'static',
            borderRadius: 1,
            flexShrink: 0,
            '&::after': { content: '""', position: 'absolute', inset: 0 },
            '&.Mui-focusVisible::after': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
          }}
        >
          <Box
            component="img"
            src={`/api/images/${image.id}/mini`}
            alt=""
            sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
          {selecting && <SelectionMark selected={selected} small sx={{ left: 20, top: 12 }} />}
        </ButtonBase>
      </Tooltip>
      <ListItemText
        primary={formatListDate(image.timestamp)}
        secondary={<Chips image={image} />}
        slotProps={{ secondary: { component: 'div' } }}
      />
      <Stack direction="row" sx={{ position: 'relative', zIndex: 1, flexShrink: 0 }}>
        <Extras image={image} onOpen={onOpen} />
      </Stack>
    </ListItem>
  );
}
