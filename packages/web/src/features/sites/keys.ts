/** The sites' query keys. */
import { resourceKeys } from '../../api/keys';

export const siteKeys = {
  ...resourceKeys('sites'),
  timezones: () => ['timezones'] as const,
};
