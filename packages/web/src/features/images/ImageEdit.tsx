/**
 * The image detail: the large image, previous/next by arrows and keyboard, exit,
 * delete, download, and the metadata drawer. Unsaved annotation, tags or categories prompt Discard
 * or Save on leaving, and the browser warns on unload. `?fromUpload` restores the last saved
 * categories and tags.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Download from '@mui/icons-material/Download';
import {
  Autocomplete,
  Box,
  Button,
  Divider,
  IconButton,
  Link,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { IMAGE_TEXT, type Image, MSG, type Username } from '@sightline/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { api, errorData } from '../../api/client';
import { useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { ConfirmDialog, UnsavedChangesDialog, useNotify, useUnsavedChanges } from '../../components';
import { LoadFailure } from '../../components/editor/LoadFailure';
import { formatDateTime } from '../../components/format';
import { useSiteNavigate } from '../../navigation/site-links';
import { useCategories } from '../things/lookups';
import { download, originalUrl } from './api';
import { hasLocation, mapsUrl } from './ImageCard';
import { imageKeys } from './keys';
import { lastMeta, neighbours, rememberLastMeta } from './order';

interface Meta {
  annotation: string;
  tags: string[];
  categories: string[];
}

const metaOf = (image: Image): Meta => ({
  annotation: image.annotation,
  tags: image.tags,
  categories: image.categories.map((c) => c.id),
});
const same = (a: Meta, b: Meta) =>
  a.annotation === b.annotation &&
  a.tags.join('\n') === b.tags.join('\n') &&
  a.categories.join() === b.categories.join();

const bytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

export default function ImageEdit() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const fromUpload = search.get('fromUpload') === 'true';
  const { can } = useSession();
  const notify = useNotify();
  const navigate = useSiteNavigate();
  const queryClient = useQueryClient();
  const titleId = useId();
  const categories = useCategories().all;
  const users = useList<Username>('usernames').data?.items ?? [];
  // A deleted image is never asked for again (it could only answer 404).
  const [deleted, setDeleted] = useState(false);
  const query = useQuery({
    queryKey: imageKeys.meta(id),
    queryFn: ({ signal }) => api.get<Image>(`images/${id}/meta`, undefined, signal),
    enabled: !deleted,
  });
  const image = query.data;
  const loaded = useMemo(() => (image ? metaOf(image) : undefined), [image]);
  const [form, setForm] = useState<Meta | undefined>();
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    if (!loaded) return;
    const restored = fromUpload ? lastMeta() : undefined;
    setForm(restored ? { ...loaded, ...restored } : loaded);
  }, [loaded, fromUpload]);

  const canSave = can('images', 'modify');
  const dirty = Boolean(form && loaded && !same(form, loaded));
  const blocker = useUnsavedChanges(dirty);

  const save = useCallback(async () => {
    if (!form) return false;
    setSaving(true);
    try {
      const saved = await api.put<Image>(`images/${id}/meta`, form);
      rememberLastMeta({ categories: form.categories, tags: form.tags });
      queryClient.setQueryData(['images', 'meta', id], saved);
      await queryClient.invalidateQueries({ queryKey: imageKeys.lists() });
      notify.success(MSG.saved);
      return true;
    } catch (err) {
      notify.error(`${IMAGE_TEXT.savePhotoFailed}${errorData(err)}`);
      return false;
    } finally {
      setSaving(false);
    }
  }, [form, id, queryClient, notify]);

  const { previous, next } = neighbours(id);
  const go = useCallback((to: string | undefined) => to && navigate(`images/${to}`), [navigate]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.defaultPrevented) return;
      if (target?.closest('input, textarea, [role="combobox"], [role="listbox"]')) return;
      if (e.key === 'ArrowLeft') go(previous);
      if (e.key === 'ArrowRight') go(next);
      // Escape leaves the detail for the list, unless a dialog or menu is open (it closes that).
      if (e.key === 'Escape' && !document.querySelector('[role="dialog"], [role="menu"], .MuiPopover-root'))
        navigate('images');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, previous, next, navigate]);

  // Focus lands in the detail when it opens (and on each neighbour), on its title, so the keys
  // act here and a screen reader starts from the image's name.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shown = image && form ? image.id : undefined;
  useEffect(() => {
    if (shown) titleRef.current?.focus({ preventScroll: true });
  }, [shown]);

  const remove = async () => {
    try {
      await api.delete(`images/${id}`);
      setDeleted(true);
      setForm(loaded);
      queryClient.removeQueries({ queryKey: imageKeys.meta(id) });
      await queryClient.invalidateQueries({ queryKey: imageKeys.all() });
      notify.success(MSG.deletedName('image'));
      navigate('images');
    } catch (err) {
      notify.error(`${IMAGE_TEXT.deleteImageFailed}: ${errorData(err)}`);
    }
  };

  if (query.isError && !deleted)
    return (
      <LoadFailure
        error={query.error}
        entityName="image"
        listPath="images"
        onRetry={() => void query.refetch()}
      />
    );
  if (!image || !form) return <Typography role="status">Loading…</Typography>;
  const uploader = users.find((u) => u.id === image.uploader)?.name ?? MSG.uploaderUnavailable;
  const [lon, lat] = image.location.coordinates;
  const device = [image.exif_data.make, image.exif_data.model].filter(Boolean).join(' ') || '—';

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 360px' } }}>
      <Stack sx={{ gap: 1.5, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Tooltip title="Exit">
            <IconButton aria-label="Exit" onClick={() => navigate('images')}>
              <ArrowBack />
            </IconButton>
          </Tooltip>
          <Typography
            variant="h5"
            component="h1"
            id={titleId}
            ref={titleRef}
            tabIndex={-1}
            sx={{
              flex: 1,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              '&:focus': { outline: 'none' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {image.fileName}
          </Typography>
          <Tooltip title="Download">
            <IconButton aria-label="Download" onClick={() => download(originalUrl(id, true))}>
              <Download />
            </IconButton>
          </Tooltip>
          {can('images', 'delete') && (
            <Tooltip title="Delete">
              <IconButton aria-label="Delete" color="error" onClick={() => setConfirmDelete(true)}>
                <DeleteOutline />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        <Box
          sx={{
            position: 'relative',
            bgcolor: 'grey.900',
            borderRadius: 1,
            display: 'flex',
            justifyContent: 'center',
            alignItems: 'center',
            minHeight: 320,
          }}
        >
          <Box
            component="img"
            src={originalUrl(id)}
            alt={image.annotation || image.fileName}
            sx={{ maxWidth: '100%', maxHeight: '75vh', imageOrientation: 'from-image', display: 'block' }}
          />
          <IconButton
            aria-label="Previous image"
            disabled={!previous}
            onClick={() => go(previous)}
            sx={{
              position: 'absolute',
              left: 8,
              bgcolor: 'rgba(255,255,255,0.85)',
              '&:hover': { bgcolor: 'common.white' },
            }}
          >
            <ChevronLeft />
          </IconButton>
          <IconButton
            aria-label="Next image"
            disabled={!next}
            onClick={() => go(next)}
            sx={{
              position: 'absolute',
              right: 8,
              bgcolor: 'rgba(255,255,255,0.85)',
              '&:hover': { bgcolor: 'common.white' },
            }}
          >
            <ChevronRight />
          </IconButton>
        </Box>
      </Stack>

      <Paper variant="outlined" component="aside" aria-label="Image information" sx={{ p: 2 }}>
        <Stack sx={{ gap: 1.5 }} component="dl">
          <Fact label="Timestamp">{formatDateTime(image.timestamp)}</Fact>
          <Fact label="Uploader">{uploader}</Fact>
          <Fact label="Upload Date">{formatDateTime(image.timeCreated)}</Fact>
          <Fact label="Latitude">
            {hasLocation(image) ? (
              <Link href={mapsUrl(image)} target="_blank" rel="noopener">
                {lat.toFixed(6)}
              </Link>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Longitude">
            {hasLocation(image) ? (
              <Link href={mapsUrl(image)} target="_blank" rel="noopener">
                {lon.toFixed(6)}
              </Link>
            ) : (
              '—'
            )}
          </Fact>
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Stack sx={{ gap: 2 }}>
          <TextField
            select
            size="small"
            label="Categories"
            disabled={!canSave}
            value={form.categories}
            slotProps={{ select: { multiple: true } }}
            onChange={(e) => {
              const v = e.target.value as unknown as string[] | string;
              setForm({ ...form, categories: typeof v === 'string' ? v.split(',') : v });
            }}
          >
            {categories.map((c) => (
              <MenuItem key={c._id} value={c._id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            freeSolo
            size="small"
            disabled={!canSave}
            options={[]}
            value={form.tags}
            onChange={(_e, tags) =>
              setForm({ ...form, tags: [...new Set(tags.map((t) => t.trim()).filter(Boolean))] })
            }
            renderInput={(params) => (
              <TextField {...params} label="Tags" helperText="Press Enter after each tag" />
            )}
          />
          <TextField
            label="Comment"
            multiline
            minRows={3}
            disabled={!canSave}
            value={form.annotation}
            onChange={(e) => setForm({ ...form, annotation: e.target.value })}
          />
          {canSave && (
            <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
              <Button disabled={!dirty || saving} onClick={() => loaded && setForm(loaded)}>
                Reset
              </Button>
              <Button variant="contained" disabled={!dirty || saving} onClick={save}>
                Save
              </Button>
            </Stack>
          )}
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          More Information
        </Typography>
        <Stack sx={{ gap: 1 }} component="dl">
          <Fact label="Size">{bytes(image.cloud_photos.bytes)}</Fact>
          <Fact label="Resolution">
            {image.cloud_photos.sizeX} × {image.cloud_photos.sizeY}
          </Fact>
          <Fact label="Format">{image.cloud_photos.format.toUpperCase()}</Fact>
          <Fact label="Device">{device}</Fact>
        </Stack>
      </Paper>

      <UnsavedChangesDialog
        blocker={blocker}
        message="This image has changes that are not saved."
        onSave={save}
        canSave={canSave}
      />
      <ConfirmDialog
        open={confirmDelete}
        message={MSG.deleteConfirm('image')}
        onConfirm={() => {
          setConfirmDelete(false);
          remove();
        }}
        onClose={() => setConfirmDelete(false)}
      />
    </Box>
  );
}
