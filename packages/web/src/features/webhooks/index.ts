/** Webhooks: list and editor under Admin (the menu needs create on webhooks). */
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import { type Feature, needs, page } from '../../app/registry';

export const webhooksFeature: Feature = {
  name: 'webhooks',
  routes: [
    { path: 'webhooks', lazy: page(() => import('./WebhooksList')) },
    { path: 'webhooks/:id', lazy: page(() => import('./WebhookEdit')) },
  ],
  menu: [
    {
      slot: 'webhooks',
      label: 'Webhooks',
      icon: WebhookOutlined,
      path: 'webhooks',
      gate: needs('create', 'webhooks'),
    },
  ],
};
