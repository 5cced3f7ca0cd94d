/** The map editor's form values, the API body, and the image upload (PUT maps/{id}/image, multipart). */
import {
  CSRF_HEADER,
  CSRF_VALUE,
  MAP_IMAGE_MAX_BYTES,
  MAP_IMAGE_TYPES,
  MAP_MSG,
  type MapInput,
  type MapRecord,
} from '@sightline/shared';
import { ApiError } from '../../api/client';

type Point = [number | null, number | null];

export type MapForm = {
  _id?: string;
  name: string;
  site: string;
  /** Where the saved image is served ('' when none). */
  image: string;
  topLeft: Point;
  botRight: Point;
  /** A newly chosen image, uploaded after the map is saved. */
  imageFile: File | null;
};

export const mapDefaults = (site: string): MapForm => ({
  name: '',
  site,
  image: '',
  topLeft: [0, 0],
  botRight: [100, 100],
  imageFile: null,
});

export const fromMapRecord = (record: MapRecord, site: string): MapForm => ({
  ...mapDefaults(site),
  ...record,
  imageFile: null,
});

export const mapBody = (v: MapForm): MapInput => ({
  name: v.name.trim(),
  site: v.site,
  topLeft: [v.topLeft[0] ?? 0, v.topLeft[1] ?? 0],
  botRight: [v.botRight[0] ?? 0, v.botRight[1] ?? 0],
});

export const ACCEPTED_TYPES = Object.keys(MAP_IMAGE_TYPES).join(',');

/** The server decides by the bytes; this only spares a pointless upload. */
export function imageFileRule(file: unknown): string | undefined {
  if (!(file instanceof File)) return undefined;
  if (file.type && !(file.type in MAP_IMAGE_TYPES)) return MAP_MSG.badImageType;
  if (file.size > MAP_IMAGE_MAX_BYTES) return MAP_MSG.tooLarge;
  return undefined;
}

export async function uploadMapImage(id: string, file: File): Promise<MapRecord> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(`/api/maps/${id}/image`, {
    method: 'PUT',
    headers: { [CSRF_HEADER]: CSRF_VALUE, accept: 'application/json' },
    credentials: 'same-origin',
    body: form,
  });
  const text = await res.text();
  if (!res.ok) {
    let message = text || res.statusText;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // a non-JSON body is the message itself
    }
    throw new ApiError(res.status, res.statusText || `HTTP ${res.status}`, message, text);
  }
  return JSON.parse(text) as MapRecord;
}
