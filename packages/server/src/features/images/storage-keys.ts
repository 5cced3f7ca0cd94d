/** Where a photo's three files live in the storage module. */
export const imageKeys = (orgId: string, id: string) => ({
  original: `images/${orgId}/${id}`,
  thumb: `images/${orgId}/${id}.thumb.webp`,
  mini: `images/${orgId}/${id}.mini.webp`,
});

export type ImageVariant = keyof ReturnType<typeof imageKeys>;
