/** Edit Profile (userMe): name, email, an optional new password, roles read-only. */
import { Box, Stack, Typography } from '@mui/material';
import { ProfileInput } from '@sightline/shared';
import { type CustomFieldProps, type EditorTab, ResourceEditor } from '../../components';
import { TotpCard } from '../totp/TotpCard';
import { RoleChips } from '../users/RoleChips';
import {
  currentPasswordRule,
  type ProfileForm,
  profileBody,
  profileDefaults,
  profileFromRecord,
  verifyRule,
} from './profile-form';

function RolesReadOnly({ value, field }: CustomFieldProps) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.75 }}>
        {field.label}
      </Typography>
      <RoleChips ids={Array.isArray(value) ? (value as string[]) : []} />
    </Box>
  );
}

const TABS: EditorTab<ProfileForm>[] = [
  {
    label: 'Profile',
    fields: [
      { type: 'text', name: 'name', label: 'Name', required: true, autoComplete: 'name' },
      {
        type: 'text',
        name: 'username',
        label: 'Email',
        inputType: 'email',
        required: true,
        autoComplete: 'email',
      },
      {
        type: 'text',
        name: 'currentPassword',
        label: 'Current Password',
        inputType: 'password',
        autoComplete: 'current-password',
        helperText: 'Needed to change your email or set a new password.',
        validate: currentPasswordRule,
      },
      {
        type: 'text',
        name: 'password',
        label: 'New Password',
        inputType: 'password',
        autoComplete: 'new-password',
        helperText: 'Leave empty to keep your current password.',
      },
      {
        type: 'text',
        name: 'verify',
        label: 'Verify New Password',
        inputType: 'password',
        autoComplete: 'new-password',
        validate: verifyRule,
      },
      { type: 'custom', name: 'roles', label: 'Roles', component: RolesReadOnly, width: 'full' },
    ],
  },
];

export default function UserMe() {
  return (
    <Stack spacing={3}>
      <ResourceEditor<ProfileForm>
        resource="users"
        id="me"
        entityName="profile"
        title="Edit Profile"
        tabs={TABS}
        defaults={profileDefaults}
        schema={ProfileInput}
        permissions={{ create: false, modify: true, delete: false }}
        showBack={false}
        afterSave="stay"
        nameOf={(v) => v.name}
        fromRecord={profileFromRecord}
        toBody={profileBody}
      />
      <TotpCard />
    </Stack>
  );
}
