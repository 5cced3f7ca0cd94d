/** Data retention's query keys: the policy and the storage report. */
import { resourceKeys } from '../../api/keys';

export const retentionKeys = resourceKeys('retention');
export const storageKeys = resourceKeys('storage');
