/** The location tag editor's form values and the API body (the shared `LocationTag`). */
import {
  EPC_HEX_PATTERN,
  LOCATION_TAG_MSG,
  type LocationTag,
  type LocationTagInput,
} from '@sightline/shared';

export type LocationTagForm = {
  _id?: string;
  name: string;
  tag: string;
  /** '' = none (the select's None entry). */
  zone: string;
  map: string;
  xycoordinates: [number | null, number | null];
  site: string;
};

export const locationTagDefaults = (site: string): LocationTagForm => ({
  name: '',
  tag: '',
  zone: '',
  map: '',
  xycoordinates: [0, 0],
  site,
});

export const fromLocationTag = (record: LocationTag, site: string): LocationTagForm => ({
  ...locationTagDefaults(site),
  ...record,
  zone: record.zone ?? '',
  map: record.map ?? '',
});

export const tagRule = (v: unknown) =>
  EPC_HEX_PATTERN.test(String(v ?? '').trim()) ? undefined : LOCATION_TAG_MSG.tagHex;

export const locationTagBody = (v: LocationTagForm): LocationTagInput => ({
  name: v.name.trim(),
  tag: v.tag.trim().toUpperCase(),
  zone: v.zone || null,
  map: v.map || null,
  xycoordinates: [v.xycoordinates[0] ?? 0, v.xycoordinates[1] ?? 0],
  site: v.site,
});
