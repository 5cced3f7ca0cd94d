/** The report configurations' query keys. */
import { resourceKeys } from '../../api/keys';

export const reportConfigKeys = {
  ...resourceKeys('reportconfigs'),
  /** The fixed option lists of the editor. */
  options: (path: 'reporttypes' | 'reportformat') => [path] as const,
};
