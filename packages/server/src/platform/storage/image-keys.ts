/**
 * Where a photo's three files live in the storage module: the images feature writes them;
 * erasure, personal-data exports and organization deletion read or remove them.
 */
export const imageKeys = (orgId: string, id: string) => ({
  original: `images/${orgId}/${id}`,
  thumb: `images/${orgId}/${id}.thumb.webp`,
  mini: `images/${orgId}/${id}.mini.webp`,
});

export type ImageVariant = keyof ReturnType<typeof imageKeys>;
