/** The images' query keys. */
import { resourceKeys } from '../../api/keys';

export const imageKeys = {
  ...resourceKeys('images'),
  /** One filter's pages (the filter as its URL parameters). */
  pages: (params: string) => ['images', 'list', params] as const,
  meta: (id: string | undefined) => ['images', 'meta', id] as const,
  /** A thing's photos by id. */
  ofThing: (ids: readonly string[]) => ['images', 'thing', ids.join(',')] as const,
};
