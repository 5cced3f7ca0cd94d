/**
 * The user editor: Name, Username (email), Roles, Sites (with All Sites), the
 * activation-email choice and password for new users, Reset Password and Delete for existing ones.
 * Saving yourself ends your session.
 */
import { isStrongPassword, MSG, type User, UserInput } from '@sightline/shared';
import { useMemo } from 'react';
import { useRoles } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { type EditorTab, ResourceEditor } from '../../components';
import { useSiteNavigate } from '../../navigation/site-links';
import { ResetTotpButton } from '../totp/ResetTotpButton';
import { roleOptions, siteOptions } from './access-options';
import { USER_LABELS } from './field-labels';
import { ResetPasswordButton } from './ResetPasswordDialog';
import { UsernameField } from './UsernameField';
import { DEFAULTS, type UserForm, userBody } from './user-form';

export default function UserEdit() {
  const session = useSession();
  const navigate = useSiteNavigate();
  const roles = useRoles();

  const tabs = useMemo<EditorTab<UserForm>[]>(() => {
    return [
      {
        label: 'Basic',
        fields: [
          { type: 'text', name: 'name', label: USER_LABELS.name, required: true, autoComplete: 'off' },
          {
            type: 'custom',
            name: 'username',
            label: USER_LABELS.username,
            required: true,
            helperText: 'The email address the user signs in with.',
            component: UsernameField,
          },
          {
            type: 'combobox',
            name: 'roles',
            label: USER_LABELS.roles,
            multiple: true,
            required: true,
            // Super Admin is offered only to super admins (only they may grant it); a user who has
            // it keeps its chip.
            options: roleOptions(roles.data, session.superAdmin),
          },
          {
            type: 'combobox',
            name: 'securityCtx.sites',
            label: USER_LABELS['securityCtx.sites'],
            multiple: true,
            options: siteOptions(session.sites),
          },
          {
            type: 'checkbox',
            name: 'sendEmail',
            label: USER_LABELS.sendEmail,
            helperText: 'The user sets their own password from the emailed link.',
            hidden: (ctx) => !ctx.isNew,
          },
          {
            type: 'text',
            name: 'password',
            label: USER_LABELS.password,
            inputType: 'password',
            autoComplete: 'new-password',
            required: true,
            helperText: 'At least 10 characters; a passphrase of unrelated words works well.',
            hidden: (ctx) => !ctx.isNew || ctx.values.sendEmail,
            validate: (v, values) =>
              isStrongPassword(String(v ?? ''), [values.username]) ? undefined : MSG.passwordTooWeak,
          },
        ],
      },
    ];
  }, [roles.data, session.sites, session.superAdmin]);

  return (
    <ResourceEditor<UserForm>
      resource="users"
      entityName="user"
      tabs={tabs}
      defaults={DEFAULTS}
      schema={UserInput}
      fromRecord={(record) => ({ ...DEFAULTS, ...record, password: '', sendEmail: false })}
      toBody={(v, ctx) => userBody(v, ctx.isNew && !v.sendEmail ? v.password : undefined)}
      saveQuery={(v, ctx) => (ctx.isNew ? { 'send-email': String(v.sendEmail) } : {})}
      afterSave={async (_saved, values) => {
        if (values.id && values.id === session.user.id) await session.logout();
        else navigate('users');
      }}
      actions={(ctx) =>
        !ctx.isNew && ctx.canModify && ctx.record ? (
          <>
            <ResetPasswordButton user={ctx.record as unknown as User} />
            <ResetTotpButton user={ctx.record as unknown as User} />
          </>
        ) : null
      }
    />
  );
}
