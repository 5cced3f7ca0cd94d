/** SSO settings (a single record): the menu needs create on ssosettings and SSO available. */
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { allOf, type Feature, gated, needs, page } from '../../navigation/registry';

/** Reading SSO settings needs create on ssosettings; the menu entry also needs SSO available. */
const access = needs('create', 'ssosettings');

export const ssosettingsFeature: Feature = {
  name: 'ssosettings',
  routes: gated(access, [{ path: 'ssosettings', lazy: page(() => import('./SsoSettingsEdit')) }]),
  menu: [
    {
      slot: 'ssosettings',
      label: 'SSO Settings',
      icon: KeyOutlined,
      path: 'ssosettings',
      gate: allOf(access, (ctx) => ctx.ssoAvailable),
    },
  ],
};
