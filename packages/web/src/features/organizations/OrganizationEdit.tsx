/**
 * The organization editor: Name, Subdomain (both required), Created Date (read only), Okta /
 * Entra Enabled. A new organization also names its first Admin, who is mailed an activation link.
 */
import { OrganizationCreateInput, OrganizationInput } from '@sightline/shared';
import { type EditorTab, ResourceEditor } from '../../components';
import { ORGANIZATION_LABELS } from './field-labels';

type OrganizationForm = OrganizationInput & { timeCreated?: string; adminName: string; adminEmail: string };

const DEFAULTS: OrganizationForm = {
  name: '',
  subdomain: '',
  oktaEnabled: false,
  entraEnabled: false,
  adminName: '',
  adminEmail: '',
};

const TABS: EditorTab<OrganizationForm>[] = [
  {
    label: 'Basic',
    fields: [
      {
        type: 'text',
        name: 'name',
        label: ORGANIZATION_LABELS.name,
        required: true,
        autoComplete: 'organization',
      },
      {
        type: 'text',
        name: 'subdomain',
        label: ORGANIZATION_LABELS.subdomain,
        required: true,
        autoComplete: 'off',
        helperText: 'Its users sign in at <subdomain>.<your domain>.',
      },
      {
        type: 'formattedTime',
        name: 'timeCreated',
        label: ORGANIZATION_LABELS.timeCreated,
        hidden: (ctx) => ctx.isNew,
      },
      {
        type: 'text',
        name: 'adminName',
        label: ORGANIZATION_LABELS.adminName,
        required: true,
        autoComplete: 'off',
        hidden: (ctx) => !ctx.isNew,
      },
      {
        type: 'text',
        name: 'adminEmail',
        label: ORGANIZATION_LABELS.adminEmail,
        inputType: 'email',
        required: true,
        autoComplete: 'off',
        helperText: 'The first Admin is mailed a link to set a password.',
        hidden: (ctx) => !ctx.isNew,
      },
      {
        type: 'checkbox',
        name: 'oktaEnabled',
        label: ORGANIZATION_LABELS.oktaEnabled,
        helperText: 'Offer Login with Okta once SSO Settings are complete.',
      },
      {
        type: 'checkbox',
        name: 'entraEnabled',
        label: ORGANIZATION_LABELS.entraEnabled,
        helperText: 'Offer Login with Entra once SSO Settings are complete.',
      },
    ],
  },
];

export default function OrganizationEdit() {
  return (
    <ResourceEditor<OrganizationForm>
      resource="organizations"
      entityName="organization"
      tabs={TABS}
      defaults={DEFAULTS}
      schema={(ctx) => (ctx.isNew ? OrganizationCreateInput : OrganizationInput)}
      toBody={(v, ctx) => ({
        name: v.name.trim(),
        subdomain: v.subdomain.trim().toLowerCase(),
        oktaEnabled: v.oktaEnabled,
        entraEnabled: v.entraEnabled,
        ...(ctx.isNew ? { adminName: v.adminName.trim(), adminEmail: v.adminEmail.trim() } : {}),
      })}
    />
  );
}
