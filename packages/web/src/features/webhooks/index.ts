/** Webhooks: list and editor under Admin (the menu needs create on webhooks). */
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import { allOf, type Feature, gated, needs, page } from '../../navigation/registry';

/** Reading webhooks needs create on webhooks and every site (the server refuses site-limited users). */
const access = allOf(needs('create', 'webhooks'), (ctx) => ctx.allSites);

export const webhooksFeature: Feature = {
  name: 'webhooks',
  routes: gated(access, [
    { path: 'webhooks', lazy: page(() => import('./WebhooksList')) },
    { path: 'webhooks/:id', lazy: page(() => import('./WebhookEdit')) },
  ]),
  menu: [
    {
      slot: 'webhooks',
      label: 'Webhooks',
      icon: WebhookOutlined,
      path: 'webhooks',
      gate: access,
    },
  ],
};
