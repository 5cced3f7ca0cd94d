/**
 * SPEC 2.13 SSO settings, one record per organization (no id): Okta Issuer, Okta Client ID, Okta
 * Secret, Entra Tenant; beyond SPEC, 'Require two-factor authentication'. The stored secret reads back masked; sending the mask keeps it.
 */
import { isAllowedIssuer, SSO_MSG, type SsoSettings } from '@sightline/shared';
import { useSession } from '../../api/session-context';
import { type EditorTab, ResourceEditor } from '../../components';

const DEFAULTS: SsoSettings = {
  oktaIssuer: '',
  oktaClientId: '',
  oktaClientSecret: '',
  entraTenant: '',
  requireTotp: false,
};

const TABS: EditorTab<SsoSettings>[] = [
  {
    label: 'Basic',
    fields: [
      {
        type: 'text',
        name: 'oktaIssuer',
        label: 'Okta Issuer',
        inputType: 'url',
        autoComplete: 'off',
        helperText: 'e.g. https://example.okta.com/oauth2/default',
        validate: (v) => {
          const text = String(v ?? '').trim();
          return text === '' || isAllowedIssuer(text) ? undefined : SSO_MSG.issuerHttps;
        },
      },
      { type: 'text', name: 'oktaClientId', label: 'Okta Client ID', autoComplete: 'off' },
      {
        type: 'text',
        name: 'oktaClientSecret',
        label: 'Okta Secret',
        inputType: 'password',
        autoComplete: 'new-password',
        helperText: 'Stored secrets are never shown; leave it as it is to keep it.',
      },
      {
        type: 'text',
        name: 'entraTenant',
        label: 'Entra Tenant',
        autoComplete: 'off',
        helperText: 'The directory (tenant) id or domain of your Microsoft Entra ID.',
      },
      {
        type: 'checkbox',
        name: 'requireTotp',
        label: 'Require two-factor authentication for password sign-in',
      },
    ],
  },
];

export default function SsoSettingsEdit() {
  const session = useSession();
  return (
    <ResourceEditor<SsoSettings>
      resource="ssosettings"
      id=""
      entityName="SSO settings"
      title="SSO Settings"
      tabs={TABS}
      defaults={DEFAULTS}
      // The server guards the whole record with create on ssosettings (SPEC §6).
      permissions={{ create: false, modify: session.can('ssosettings', 'create'), delete: false }}
      showBack={false}
      afterSave="stay"
      nameOf={() => 'SSO settings'}
      toBody={(v) => ({
        oktaIssuer: v.oktaIssuer.trim(),
        oktaClientId: v.oktaClientId.trim(),
        // The mask read back means 'unchanged' to the server.
        oktaClientSecret: v.oktaClientSecret,
        entraTenant: v.entraTenant.trim(),
        requireTotp: v.requireTotp,
      })}
    />
  );
}
