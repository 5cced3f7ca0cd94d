/** The categories' query keys. */
import { resourceKeys } from '../../api/keys';

export const categoryKeys = resourceKeys('categories');
