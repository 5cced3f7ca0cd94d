/**
 * The photos of the images screen and of the thing editor's Photo tab, one component for both: a
 * grid of thumbnail tiles, a list of minis on phones, with the selection state of the images
 * screen.
 */
import { Box, List, useMediaQuery, useTheme } from '@mui/material';
import type { Image } from '@sightline/shared';
import { ImageRow, ImageTile } from './ImageCard';

export interface ImageGalleryProps {
  images: Image[];
  /** The list's accessible name ("Images", "Photos"). */
  label: string;
  onOpen: (image: Image) => void;
  /** Selection mode: a click toggles instead of opening. */
  selecting?: boolean;
  selected?: ReadonlySet<string>;
  onToggle?: (image: Image) => void;
  /** The narrowest a tile may be (px). */
  minTileWidth?: number;
}

export function ImageGallery({
  images,
  label,
  onOpen,
  selecting = false,
  selected,
  onToggle,
  minTileWidth = 220,
}: ImageGalleryProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const props = (image: Image) => ({
    image,
    selecting,
    selected: selected?.has(image.id) ?? false,
    onOpen: () => onOpen(image),
    onToggle: () => onToggle?.(image),
  });
  if (phone)
    return (
      <List aria-label={label}>
        {images.map((image) => (
          <ImageRow key={image.id} {...props(image)} />
        ))}
      </List>
    );
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: `repeat(auto-fill, minmax(${minTileWidth}px, 1fr))`,
      }}
    >
      {images.map((image) => (
        <li key={image.id}>
          <ImageTile {...props(image)} />
        </li>
      ))}
    </Box>
  );
}

/** The hidden file picker both screens open from their upload button. */
export function ImageFileInput({
  inputRef,
  label,
  onFiles,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  label: string;
  onFiles: (files: File[]) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept="image/*,.heic,.heif,.avif"
      multiple
      hidden
      aria-label={label}
      onChange={(e) => {
        onFiles([...(e.target.files ?? [])]);
        e.target.value = '';
      }}
    />
  );
}
