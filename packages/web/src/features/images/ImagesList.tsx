/**
 * Images: a grid of thumbnails (a list on phones), selection mode, floating buttons
 * (upload, edit, delete, export, clear selection), infinite scroll within 400 px of the bottom and
 * the filter in the URL. Bulk mode with a selection, query mode with a filter.
 */
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import ClearAll from '@mui/icons-material/ClearAll';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Download from '@mui/icons-material/Download';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Search from '@mui/icons-material/Search';
import {
  Box,
  CircularProgress,
  Fab,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { IMAGE_TEXT, type Image, INFINITE_SCROLL_THRESHOLD_PX, type Username } from '@sightline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorData } from '../../api/client';
import { useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { ConfirmDialog, PageHeader, useNotify } from '../../components';
import { useSiteNavigate } from '../../navigation/site-links';
import { useCategories } from '../things/lookups';
import { bulkDelete, bulkEdit, download, exportUrl, originalUrl, type Target, useImagePages } from './api';
import { BulkEditDialog, DeleteByQueryDialog } from './BulkDialogs';
import { filterFromSearch, filterParams, imageCount, isFiltered, type UrlFilter } from './filter';
import { ImageFileInput, ImageGallery } from './ImageGallery';
import { imageKeys } from './keys';
import { rememberOrder } from './order';
import { SearchBar, SearchChips } from './SearchBar';
import { UploadDialog } from './UploadDialog';

export default function ImagesList() {
  const { siteId, can } = useSession();
  const notify = useNotify();
  const navigate = useSiteNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const filter = useMemo(() => filterFromSearch(search), [search]);
  // Changes apply to the newest filter, not the rendered one: leaving the search field (which
  // applies its text) and ticking Partial come in one render, and neither may undo the other.
  const latest = useRef(filter);
  useEffect(() => {
    latest.current = filter;
  }, [filter]);
  const setFilter = (change: Partial<UrlFilter>) => {
    const next = { ...latest.current, ...change };
    latest.current = next;
    setSearch(filterParams(next, siteId ?? search.get('site') ?? undefined), { replace: true });
  };
  const pages = useImagePages(filter, siteId);
  const images = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;
  const categories = useCategories().all;
  const users = useList<Username>('usernames').data?.items ?? [];
  const tagOptions = useMemo(() => [...new Set(images.flatMap((i) => i.tags))].sort(), [images]);

  const [searchOpen, setSearchOpen] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [files, setFiles] = useState<File[]>([]);
  const [editOpen, setEditOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadOptions = useMemo(() => ({ site: siteId ?? '' }), [siteId]);
  const sentinel = useRef<HTMLDivElement>(null);

  const bulk = selected.size > 0;
  const queryMode = !bulk && isFiltered(filter);
  const target: Target = bulk ? { ids: [...selected] } : { filter };
  const what = bulk ? imageCount(selected.size, 'selected ') : `${imageCount(total)} matching the filter`;

  // Infinite scroll: load the next page when the end is within 400 px of the viewport.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    const node = sentinel.current;
    if (!node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) fetchNextPage();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: imageKeys.all() });
  const clearSelection = () => {
    setSelected(new Set());
    setSelecting(false);
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const open = (image: Image) => {
    rememberOrder(images.map((i) => i.id));
    navigate(`images/${image.id}`);
  };

  const saveEdit = async (change: Parameters<typeof bulkEdit>[2]) => {
    if (!siteId) return;
    setBusy(true);
    try {
      const { count } = await bulkEdit(target, siteId, change);
      notify.success(`Saved ${imageCount(count)}`);
      setEditOpen(false);
      await refresh();
    } catch (err) {
      notify.error(`${IMAGE_TEXT.editError}: ${errorData(err)}`);
    } finally {
      setBusy(false);
    }
  };
  const confirmDelete = async () => {
    if (!siteId) return;
    setBusy(true);
    try {
      const { count } = await bulkDelete(target, siteId);
      notify.success(`Deleted ${imageCount(count)}`);
      setDeleteOpen(false);
      clearSelection();
      await refresh();
    } catch (err) {
      notify.error(`${IMAGE_TEXT.deleteError}: ${errorData(err)}`);
    } finally {
      setBusy(false);
    }
  };
  const downloadIndividually = async () => {
    setExportAnchor(null);
    // One download after another, 100 ms apart.
    for (const id of selected) {
      download(originalUrl(id, true));
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const canEdit = can('images', 'modify') && (bulk || queryMode);
  const canDelete = can('images', 'delete') && (bulk || queryMode);

  return (
    <Box sx={{ pb: 12 }}>
      <PageHeader
        title="Images"
        actions={
          <Stack direction="row" sx={{ gap: 1 }}>
            <Tooltip title="Search">
              <IconButton
                aria-label="Search"
                aria-expanded={searchOpen}
                onClick={() => setSearchOpen((o) => !o)}
              >
                <Search />
              </IconButton>
            </Tooltip>
            <Tooltip title={selecting ? 'Stop selecting' : 'Select images'}>
              <IconButton
                aria-label="Select images"
                aria-pressed={selecting}
                color={selecting ? 'primary' : 'default'}
                onClick={() => (selecting ? clearSelection() : setSelecting(true))}
              >
                <CheckBoxOutlined />
              </IconButton>
            </Tooltip>
          </Stack>
        }
      />
      <Stack sx={{ gap: 2, mb: 2 }}>
        {searchOpen ? (
          <SearchBar
            filter={filter}
            categories={categories}
            users={users}
            tagOptions={tagOptions}
            onChange={setFilter}
            onClose={() => setSearchOpen(false)}
          />
        ) : (
          <SearchChips filter={filter} categories={categories} users={users} onChange={setFilter} />
        )}
        <Typography variant="body2" color="text.secondary" role="status">
          {bulk ? `${selected.size} selected · ` : ''}
          {pages.isLoading
            ? 'Loading…'
            : `${imageCount(total)}${queryMode ? (total === 1 ? ' matches the filter' : ' match the filter') : ''}`}
        </Typography>
      </Stack>

      {!pages.isLoading && images.length === 0 && (
        <Typography sx={{ py: 6, textAlign: 'center' }} color="text.secondary">
          No images{isFiltered(filter) ? ' match the filter' : ' yet'}.
        </Typography>
      )}
      <ImageGallery
        images={images}
        label="Images"
        selecting={selecting}
        selected={selected}
        onOpen={open}
        onToggle={(image) => toggle(image.id)}
      />
      <div ref={sentinel} />
      {isFetchingNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={28} aria-label="Loading more images" />
        </Box>
      )}

      <Stack
        direction="row"
        sx={{ position: 'fixed', right: 24, bottom: 24, gap: 1.5, zIndex: 10 }}
        role="toolbar"
        aria-label="Image actions"
      >
        {bulk && (
          <Tooltip title="Clear selection">
            <Fab size="medium" aria-label="Clear selection" onClick={clearSelection}>
              <ClearAll />
            </Fab>
          </Tooltip>
        )}
        <Tooltip title="Export">
          <Fab
            size="medium"
            aria-label="Export"
            aria-haspopup="menu"
            onClick={(e) => setExportAnchor(e.currentTarget)}
          >
            <Download />
          </Fab>
        </Tooltip>
        {canDelete && (
          <Tooltip title={`Delete ${what}`}>
            <Fab size="medium" color="error" aria-label="Delete images" onClick={() => setDeleteOpen(true)}>
              <DeleteOutline />
            </Fab>
          </Tooltip>
        )}
        {canEdit && (
          <Tooltip title={`Edit ${what}`}>
            <Fab size="medium" color="secondary" aria-label="Edit images" onClick={() => setEditOpen(true)}>
              <EditOutlined />
            </Fab>
          </Tooltip>
        )}
        {can('images', 'create') && (
          <Tooltip title="Upload">
            <Fab color="primary" aria-label="Upload" onClick={() => fileInput.current?.click()}>
              <FileUploadOutlined />
            </Fab>
          </Tooltip>
        )}
      </Stack>
      <ImageFileInput inputRef={fileInput} label="Choose images to upload" onFiles={setFiles} />
      <Menu anchorEl={exportAnchor} open={Boolean(exportAnchor)} onClose={() => setExportAnchor(null)}>
        {bulk && <MenuItem onClick={downloadIndividually}>Download Individual Images</MenuItem>}
        <MenuItem
          onClick={() => {
            setExportAnchor(null);
            if (siteId) download(exportUrl('zip', target, siteId));
          }}
        >
          Download Zipped Images
        </MenuItem>
        <MenuItem
          onClick={() => {
            setExportAnchor(null);
            if (siteId) download(exportUrl('csv', target, siteId));
          }}
        >
          Download CSV Data
        </MenuItem>
      </Menu>

      {siteId && (
        <UploadDialog
          files={files}
          options={uploadOptions}
          onDone={(uploaded) => {
            setFiles([]);
            refresh();
            const [only] = uploaded;
            if (uploaded.length === 1 && only)
              navigate(`images/${only.id}`, { query: { fromUpload: 'true' } });
          }}
        />
      )}
      <BulkEditDialog
        open={editOpen}
        what={what}
        categories={categories}
        tagOptions={tagOptions}
        busy={busy}
        onSave={saveEdit}
        onClose={() => setEditOpen(false)}
      />
      {bulk ? (
        <ConfirmDialog
          open={deleteOpen}
          message={`Are you sure you want to delete ${what}? This action cannot be undone.`}
          busy={busy}
          onConfirm={confirmDelete}
          onClose={() => setDeleteOpen(false)}
        />
      ) : (
        <DeleteByQueryDialog
          open={deleteOpen}
          total={total}
          busy={busy}
          onConfirm={confirmDelete}
          onClose={() => setDeleteOpen(false)}
        />
      )}
    </Box>
  );
}
