/**
 * The Settings screen for the selected site (GET/POST orgsettings?site=): labels, hide
 * workers, pseudonymous workers, parent categories, the label header of the thing list, events export, tag prefix and
 * import flags. Saving says 'Saved' (or 'Failed to save: ...') and refreshes the
 * session's settings, so menu labels and hideWorkers change at once.
 */
import StoreMallDirectoryOutlined from '@mui/icons-material/StoreMallDirectoryOutlined';
import { type Category, LIST_LIMIT_MAX, MSG, SiteSettingsInput } from '@sightline/shared';
import { useMemo } from 'react';
import { errorData } from '../../api/client';
import { useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { type EditorTab, EmptyState, PageHeader, ResourceEditor } from '../../components';
import RetentionTab from '../retention/RetentionTab';
import StorageTab from '../retention/StorageTab';
import { SETTINGS_LABELS } from './field-labels';
import { SETTINGS_DEFAULTS, type SettingsForm, toSettingsBody, toSettingsForm } from './site-settings-form';

// The page is named as its menu entry is.
const TITLE = 'Organization Settings';
const MESSAGES = {
  saved: () => MSG.saved,
  saveFailed: (error: unknown) => MSG.settingsSaveFailed(errorData(error)),
};

export default function SiteSettingsEdit() {
  const session = useSession();
  const categories = useList<Category>('categories', { limit: LIST_LIMIT_MAX, sort: 'name' });

  const tabs = useMemo<EditorTab<SettingsForm>[]>(
    () => [
      {
        label: 'Labels',
        fields: [
          {
            type: 'text',
            name: 'itemLabel',
            label: SETTINGS_LABELS.itemLabel,
            required: true,
            helperText: "Menu name of items, e.g. 'Assets'.",
          },
          {
            type: 'text',
            name: 'workerLabel',
            label: SETTINGS_LABELS.workerLabel,
            required: true,
            helperText: "Menu name of workers, e.g. 'Staff'.",
          },
          { type: 'text', name: 'itemNameLabel', label: SETTINGS_LABELS.itemNameLabel, required: true },
          { type: 'text', name: 'itemSerialLabel', label: SETTINGS_LABELS.itemSerialLabel, required: true },
          {
            type: 'checkbox',
            name: 'hideWorkers',
            label: SETTINGS_LABELS.hideWorkers,
            helperText: 'Removes the workers menu entry and the worker series from charts.',
            width: 'full',
          },
          {
            type: 'checkbox',
            name: 'pseudonymizeWorkers',
            label: SETTINGS_LABELS.pseudonymizeWorkers,
            helperText:
              'Users without the right to identify workers see each worker as a stable pseudonym ' +
              '("Worker 7F3A9C"): no name, serial, description or photo, in lists, maps, reports, ' +
              'exports, mails and webhooks.',
            width: 'full',
          },
        ],
      },
      {
        label: 'Things',
        fields: [
          {
            type: 'combobox',
            name: 'parentCategories',
            label: SETTINGS_LABELS.parentCategories,
            multiple: true,
            helperText: 'Things in these categories are parents (kits) for inventory checks.',
            options: (categories.data?.items ?? []).map((c) => ({ value: c._id, label: c.name })),
            width: 'full',
          },
          {
            type: 'text',
            name: 'orgTagPrefix',
            label: SETTINGS_LABELS.orgTagPrefix,
            autoComplete: 'off',
          },
          {
            type: 'checkbox',
            name: 'showLabelHeader',
            label: SETTINGS_LABELS.showLabelHeader,
            helperText: 'Adds a Labels column to the items and workers lists.',
            width: 'full',
          },
          {
            type: 'checkbox',
            name: 'flattenEventsExports',
            label: SETTINGS_LABELS.flattenEventsExports,
            width: 'full',
          },
        ],
      },
      {
        label: 'Import',
        fields: [
          {
            type: 'checkbox',
            name: 'importSettings.prefixedTagDupCheck',
            label: SETTINGS_LABELS['importSettings.prefixedTagDupCheck'],
            width: 'full',
          },
          {
            type: 'checkbox',
            name: 'importSettings.generatePrefixTag',
            label: SETTINGS_LABELS['importSettings.generatePrefixTag'],
            width: 'full',
          },
          {
            type: 'checkbox',
            name: 'importSettings.requireZone',
            label: SETTINGS_LABELS['importSettings.requireZone'],
            helperText: 'An import must name the zone its assets go to.',
            width: 'full',
          },
        ],
      },
      // The organization's own records (their own save), beside the site's settings.
      { label: 'Data retention', component: RetentionTab, ownRecord: true },
      { label: 'Storage', component: StorageTab, ownRecord: true },
    ],
    [categories.data],
  );

  if (!session.siteId) {
    return (
      <>
        <PageHeader title={TITLE} />
        <EmptyState
          icon={<StoreMallDirectoryOutlined />}
          title="No site"
          description="Settings belong to a site; create a site first."
        />
      </>
    );
  }
  return (
    <ResourceEditor<SettingsForm>
      resource="orgsettings"
      id=""
      query={{ site: session.siteId }}
      saveMethod="POST"
      entityName="settings"
      readOnlyNoun="this site's settings"
      title={TITLE}
      subtitle={session.site ? `Site: ${session.site.name}` : undefined}
      tabs={tabs}
      defaults={SETTINGS_DEFAULTS}
      schema={SiteSettingsInput}
      permissions={{ resource: 'settings', create: false, delete: false }}
      showBack={false}
      afterSave="stay"
      messages={MESSAGES}
      fromRecord={toSettingsForm}
      toBody={toSettingsBody}
    />
  );
}
