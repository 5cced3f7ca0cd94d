/** The thing editor's Photo tab: the thing's photos, and uploads straight into it ("Things"). */
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { Button, Stack, Typography } from '@mui/material';
import { type Image, THINGS_CATEGORY, type Thing, thingResource } from '@sightline/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { api } from '../../api/client';
import { useSession } from '../../api/session-context';
import type { EditorTabProps } from '../../components';
import { useSiteNavigate } from '../../navigation/site-links';
import { thingKeys } from '../things/keys';
import type { ThingForm } from '../things/thing-form';
import { ImageFileInput, ImageGallery } from './ImageGallery';
import { imageKeys } from './keys';
import { rememberOrder } from './order';
import { UploadDialog } from './UploadDialog';

export function ThingPhotos({ ctx }: EditorTabProps<ThingForm>) {
  const thing = ctx.record as Thing | undefined;
  const { siteId, can } = useSession();
  const navigate = useSiteNavigate();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const ids = thing?.photo ?? [];
  const photos = useQuery({
    queryKey: imageKeys.ofThing(ids),
    enabled: ids.length > 0,
    queryFn: async () => {
      const found = await Promise.all(
        ids.map((id) => api.get<Image>(`images/${id}/meta`).catch(() => undefined)),
      );
      return found.filter((i): i is Image => Boolean(i)).reverse();
    },
  });
  const options = useMemo(
    () => ({ site: thing?.site ?? siteId ?? '', thing: thing?._id, category: THINGS_CATEGORY }),
    [thing?.site, thing?._id, siteId],
  );
  if (!thing) return null;
  const mayUpload = can('images', 'create') && can(thingResource(thing.class), 'modify');
  const list = photos.data ?? [];
  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography sx={{ flex: 1 }} color="text.secondary">
          {ids.length
            ? `${ids.length} ${ids.length === 1 ? 'photo' : 'photos'}`
            : 'No photos of this thing yet.'}
        </Typography>
        {mayUpload && (
          <Button
            variant="contained"
            startIcon={<FileUploadOutlined />}
            onClick={() => input.current?.click()}
          >
            Upload Photos
          </Button>
        )}
      </Stack>
      <ImageGallery
        images={list}
        label="Photos"
        minTileWidth={200}
        onOpen={(image) => {
          rememberOrder(list.map((i) => i.id));
          navigate(`images/${image.id}`);
        }}
      />
      <ImageFileInput inputRef={input} label="Choose photos to upload" onFiles={setFiles} />
      <UploadDialog
        files={files}
        options={options}
        onDone={async () => {
          setFiles([]);
          await queryClient.invalidateQueries({ queryKey: thingKeys.detail(thing._id) });
          await queryClient.invalidateQueries({ queryKey: imageKeys.all() });
        }}
      />
    </Stack>
  );
}
