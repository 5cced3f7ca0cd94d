/** The exceptions' query keys. */
import { resourceKeys } from '../../api/keys';

export const exceptionKeys = resourceKeys('exceptions');
