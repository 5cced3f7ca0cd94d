/**
 * SSO settings, one record per organization (no id): Okta Issuer, Okta Client ID, Okta Secret,
 * Entra Tenant; and 'Require two-factor authentication'. The stored secret reads back masked;
 * sending the mask keeps it. The identity provider decides who an account is, so its fields are a
 * Super Admin's alone; an administrator of some sites only reads the record.
 */
import { Alert } from '@mui/material';
import { SSO_MSG, SSO_SETTINGS_DEFAULTS, SsoSettings } from '@sightline/shared';
import { hasAllSites, useSession } from '../../api/session-context';
import { type EditorTab, ResourceEditor } from '../../components';
import { SSO_SETTINGS_LABELS } from './field-labels';

function ProviderNotice() {
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      {SSO_MSG.superAdminOnly}. The identity provider decides who each account is.
    </Alert>
  );
}

function tabs(superAdmin: boolean): EditorTab<SsoSettings>[] {
  const provider = { disabled: !superAdmin };
  return [
    {
      label: 'Basic',
      // One note for the fields an Admin may read but not change (readable text, not a disabled hint).
      ...(superAdmin ? {} : { component: ProviderNotice }),
      fields: [
        {
          type: 'text',
          name: 'oktaIssuer',
          label: SSO_SETTINGS_LABELS.oktaIssuer,
          inputType: 'url',
          autoComplete: 'off',
          helperText: 'e.g. https://example.okta.com/oauth2/default',
          ...provider,
        },
        {
          type: 'text',
          name: 'oktaClientId',
          label: SSO_SETTINGS_LABELS.oktaClientId,
          autoComplete: 'off',
          ...provider,
        },
        {
          type: 'text',
          name: 'oktaClientSecret',
          label: SSO_SETTINGS_LABELS.oktaClientSecret,
          inputType: 'password',
          autoComplete: 'new-password',
          helperText: 'Stored secrets are never shown; leave it as it is to keep it.',
          ...provider,
        },
        {
          type: 'text',
          name: 'entraTenant',
          label: SSO_SETTINGS_LABELS.entraTenant,
          autoComplete: 'off',
          helperText: 'The directory (tenant) id or domain of your Microsoft Entra ID.',
          ...provider,
        },
        {
          type: 'checkbox',
          name: 'allowSuperAdminSso',
          label: SSO_SETTINGS_LABELS.allowSuperAdminSso,
          ...provider,
        },
        {
          type: 'checkbox',
          name: 'requireTotp',
          label: SSO_SETTINGS_LABELS.requireTotp,
        },
      ],
    },
  ];
}

export default function SsoSettingsEdit() {
  const session = useSession();
  const allSites = hasAllSites(session);
  return (
    <ResourceEditor<SsoSettings>
      resource="ssosettings"
      id=""
      entityName="SSO settings"
      title="SSO Settings"
      tabs={tabs(session.superAdmin)}
      defaults={SSO_SETTINGS_DEFAULTS}
      schema={SsoSettings}
      // The record covers every site: only an all-sites caller with create on ssosettings saves it.
      permissions={{ create: false, modify: allSites && session.can('ssosettings', 'create'), delete: false }}
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
        allowSuperAdminSso: v.allowSuperAdminSso,
      })}
    />
  );
}
