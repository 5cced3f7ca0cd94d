/** Categories are guarded by the access resource 'image-categories' (SPEC §6), served at api/categories. */
export const CATEGORY_RESOURCE = 'image-categories';
