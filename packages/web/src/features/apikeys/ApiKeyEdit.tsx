/**
 * The API key editor: Name, Token (read only), Roles (never Super Admin), Sites (with All
 * Sites). Only new keys are saved; the full token is shown once after creation. Existing keys are
 * read only and can only be deleted, through 'Confirm Delete' ... 'I'm Sure' (modify on apikeys).
 * Key actions report failures as '{status text}: {server data}'.
 */
import { type ApiKey, ApiKeyInput, MSG } from '@sightline/shared';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/client';
import { useRoles } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { type EditorTab, ResourceEditor } from '../../components';
import { useSiteNavigate } from '../../navigation/site-links';
import { roleOptions, siteOptions } from '../users/access-options';
import { API_KEY_LABELS } from './field-labels';
import { NewTokenDialog } from './NewTokenDialog';

type ApiKeyForm = { name: string; token: string; roles: string[]; securityCtx: { sites: string[] } };

const DEFAULTS: ApiKeyForm = { name: '', token: '', roles: [], securityCtx: { sites: [] } };
const MESSAGES = {
  incomplete: MSG.fillRequired,
  saveFailed: errorText,
  deleteFailed: errorText,
};

export default function ApiKeyEdit() {
  const session = useSession();
  const navigate = useSiteNavigate();
  const roles = useRoles();
  const [created, setCreated] = useState<ApiKey | undefined>();

  const tabs = useMemo<EditorTab<ApiKeyForm>[]>(
    () => [
      {
        label: 'Basic',
        fields: [
          { type: 'text', name: 'name', label: API_KEY_LABELS.name, required: true, autoComplete: 'off' },
          {
            type: 'text',
            name: 'token',
            label: API_KEY_LABELS.token,
            disabled: true,
            helperText: 'Generated when the key is saved; shown in full only once.',
          },
          {
            type: 'combobox',
            name: 'roles',
            label: API_KEY_LABELS.roles,
            multiple: true,
            required: true,
            options: roleOptions(roles.data, false),
          },
          {
            type: 'combobox',
            name: 'securityCtx.sites',
            label: API_KEY_LABELS['securityCtx.sites'],
            multiple: true,
            required: true,
            options: siteOptions(session.sites),
          },
        ],
      },
    ],
    [roles.data, session.sites],
  );

  return (
    <>
      <ResourceEditor<ApiKeyForm>
        resource="apikeys"
        entityName="API key"
        tabs={tabs}
        defaults={DEFAULTS}
        schema={ApiKeyInput}
        // API keys cannot be edited after creation. Deleting needs modify on apikeys.
        readOnly={({ isNew }) => !isNew}
        permissions={{ delete: session.can('apikeys', 'modify') }}
        messages={MESSAGES}
        deleteDialog={{ confirmLabel: "I'm Sure" }}
        toBody={(v) => ({ name: v.name.trim(), roles: v.roles, securityCtx: { sites: v.securityCtx.sites } })}
        afterSave={(saved) => setCreated(saved as ApiKey)}
      />
      {created && (
        <NewTokenDialog name={created.name} token={created.token} onClose={() => navigate('apikeys')} />
      )}
    </>
  );
}
