/** SSO settings (a single record): the menu needs create on ssosettings and SSO available. */
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { allOf, type Feature, needs, page } from '../../app/registry';

export const ssosettingsFeature: Feature = {
  name: 'ssosettings',
  routes: [{ path: 'ssosettings', lazy: page(() => import('./SsoSettingsEdit')) }],
  menu: [
    {
      slot: 'ssosettings',
      label: 'SSO Settings',
      icon: KeyOutlined,
      path: 'ssosettings',
      gate: allOf(needs('create', 'ssosettings'), (ctx) => ctx.ssoAvailable),
    },
  ],
};
