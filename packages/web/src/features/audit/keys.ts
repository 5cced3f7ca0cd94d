/** The audit trail's query keys. */
import { resourceKeys } from '../../api/keys';

export const auditKeys = resourceKeys('audit');
