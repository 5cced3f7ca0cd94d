/** Webhooks: list and editor under Admin (menu needs create on webhooks, SPEC §6). */
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
