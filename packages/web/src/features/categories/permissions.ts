/**
 * Categories are guarded by the access resource 'image-categories' in access rules, though they are
 * served at api/categories.
 */
export const CATEGORY_RESOURCE = 'image-categories';
