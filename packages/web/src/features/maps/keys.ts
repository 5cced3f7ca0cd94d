/** The maps' query keys. */
import { resourceKeys } from '../../api/keys';

export const mapKeys = {
  ...resourceKeys('maps'),
  /** The natural size of a map's image. */
  imageSize: (id: string | undefined, url: string | undefined) =>
    ['maps', 'record', id ?? '', 'image-size', url] as const,
};
