/** The webhooks' query keys. */
import { resourceKeys } from '../../api/keys';

export const webhookKeys = {
  ...resourceKeys('webhooks'),
  deliveries: (id: string | undefined) => ['webhooks', id, 'deliveries'] as const,
};
