/**
 * The site editor. Basic: name, description, start date, address, timezone (GET timezones);
 * Reports: daily start time and emails for the daily report mail
 * (docs/decisions/0033-daily-report-email.md); Alerts: escalation and reminders of exceptions
 * nobody acknowledged (docs/decisions/0395-alert-escalation.md; an empty field turns its part
 * off); Endpoints: the site's endpoints, read only. Required: name, start date, timezone.
 */
import { type AlertSettings, type Site, SiteInput, type Timezone } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { api } from '../../api/client';
import { type EditorTab, ResourceEditor } from '../../components';
import { DailyTimeField } from './DailyTimeField';
import { SITE_LABELS } from './field-labels';
import { siteKeys } from './keys';
import { SiteEndpoints } from './SiteEndpoints';

/** The Alerts tab's inputs: an emptied number field is null (its part off). */
interface AlertForm {
  escalateAfterMinutes: number | null;
  escalationEmails: string[];
  remindEveryMinutes: number | null;
  maxReminders: number | null;
}
type SiteForm = Omit<Site, '_id' | 'alertSettings'> & { _id?: string; alertSettings: AlertForm };

const NO_ALERTS: AlertForm = {
  escalateAfterMinutes: null,
  escalationEmails: [],
  remindEveryMinutes: null,
  maxReminders: null,
};

/** The record's settings (as the API answers them) as the tab's inputs. */
type AlertValues = { [K in keyof AlertForm]?: AlertForm[K] | undefined };
const alertForm = (a: AlertValues | undefined): AlertForm => ({
  escalateAfterMinutes: a?.escalateAfterMinutes ?? null,
  escalationEmails: a?.escalationEmails ?? [],
  remindEveryMinutes: a?.remindEveryMinutes ?? null,
  maxReminders: a?.maxReminders ?? null,
});

/** Only what is filled in goes out: the API reads a field left out as that part off. */
function alertBody(a: AlertForm): AlertSettings {
  const body: AlertSettings = {};
  if (a.escalateAfterMinutes !== null) body.escalateAfterMinutes = a.escalateAfterMinutes;
  if (a.escalationEmails.length) body.escalationEmails = a.escalationEmails;
  if (a.remindEveryMinutes !== null) body.remindEveryMinutes = a.remindEveryMinutes;
  if (a.maxReminders !== null) body.maxReminders = a.maxReminders;
  return body;
}

const defaults = (): SiteForm => ({
  name: '',
  description: '',
  epcisId: '',
  startDate: dayjs().startOf('day').toISOString(),
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  country: '',
  zipcode: '',
  timezone: { id: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' },
  reportSettings: { dailyTime: '', emails: [] },
  alertSettings: NO_ALERTS,
});

const toBody = (v: SiteForm): SiteInput => ({
  name: v.name.trim(),
  description: v.description.trim(),
  epcisId: v.epcisId.trim(),
  startDate: v.startDate ?? '',
  addressLine1: v.addressLine1.trim(),
  addressLine2: v.addressLine2.trim(),
  city: v.city.trim(),
  state: v.state.trim(),
  country: v.country.trim(),
  zipcode: v.zipcode.trim(),
  timezone: { id: v.timezone.id },
  reportSettings: { dailyTime: v.reportSettings.dailyTime, emails: v.reportSettings.emails },
  alertSettings: alertBody(v.alertSettings),
});

function useTimezones() {
  return useQuery({
    queryKey: siteKeys.timezones(),
    queryFn: ({ signal }) => api.get<Timezone[]>('timezones', {}, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export default function SiteEdit() {
  const timezones = useTimezones();
  const initial = useMemo(defaults, []);

  const tabs = useMemo<EditorTab<SiteForm>[]>(
    () => [
      {
        label: 'Basic',
        fields: [
          { type: 'text', name: 'name', label: SITE_LABELS.name, required: true, autoComplete: 'off' },
          { type: 'date', name: 'startDate', label: SITE_LABELS.startDate, required: true },
          { type: 'text', name: 'description', label: SITE_LABELS.description, multiline: true },
          {
            type: 'text',
            name: 'epcisId',
            label: SITE_LABELS.epcisId,
            autoComplete: 'off',
            helperText: 'The id EPCIS documents use, e.g. urn:epc:id:sgln:0614141.00001.0; empty: derived.',
          },
          {
            type: 'text',
            name: 'addressLine1',
            label: SITE_LABELS.addressLine1,
            autoComplete: 'address-line1',
          },
          {
            type: 'text',
            name: 'addressLine2',
            label: SITE_LABELS.addressLine2,
            autoComplete: 'address-line2',
          },
          { type: 'text', name: 'city', label: SITE_LABELS.city, autoComplete: 'address-level2' },
          { type: 'text', name: 'state', label: SITE_LABELS.state, autoComplete: 'address-level1' },
          { type: 'text', name: 'country', label: SITE_LABELS.country, autoComplete: 'country-name' },
          { type: 'text', name: 'zipcode', label: SITE_LABELS.zipcode, autoComplete: 'postal-code' },
          {
            type: 'combobox',
            name: 'timezone.id',
            label: SITE_LABELS['timezone.id'],
            required: true,
            options: (timezones.data ?? []).map((t) => ({ value: t.id, label: t.name })),
          },
        ],
      },
      {
        label: 'Reports',
        fields: [
          {
            type: 'custom',
            name: 'reportSettings.dailyTime',
            label: SITE_LABELS['reportSettings.dailyTime'],
            helperText: "When the daily report mail is sent, in the site's timezone.",
            component: DailyTimeField,
          },
          {
            type: 'combobox',
            name: 'reportSettings.emails',
            label: SITE_LABELS['reportSettings.emails'],
            multiple: true,
            freeSolo: true,
            options: [],
            helperText: 'Type an address and press Enter, or leave the field, to add it.',
            width: 'full',
          },
        ],
      },
      {
        label: 'Alerts',
        fields: [
          {
            type: 'text',
            name: 'alertSettings.escalateAfterMinutes',
            label: SITE_LABELS['alertSettings.escalateAfterMinutes'],
            inputType: 'number',
            helperText:
              'An alert nobody acknowledged this long is mailed once to the escalation emails. Empty: off.',
          },
          {
            type: 'combobox',
            name: 'alertSettings.escalationEmails',
            label: SITE_LABELS['alertSettings.escalationEmails'],
            multiple: true,
            freeSolo: true,
            options: [],
            helperText: 'Type an address and press Enter, or leave the field, to add it.',
          },
          {
            type: 'text',
            name: 'alertSettings.remindEveryMinutes',
            label: SITE_LABELS['alertSettings.remindEveryMinutes'],
            inputType: 'number',
            helperText: "Until it is acknowledged, the zone's emails are reminded this often. Empty: off.",
          },
          {
            type: 'text',
            name: 'alertSettings.maxReminders',
            label: SITE_LABELS['alertSettings.maxReminders'],
            inputType: 'number',
            helperText: 'At most this many reminders per alert.',
          },
        ],
      },
      { label: 'Endpoints', component: SiteEndpoints, hidden: (ctx) => ctx.isNew },
    ],
    [timezones.data],
  );

  return (
    <ResourceEditor<SiteForm>
      resource="sites"
      entityName="site"
      tabs={tabs}
      defaults={initial}
      schema={SiteInput}
      fromRecord={(record) => ({
        ...initial,
        ...record,
        reportSettings: { ...initial.reportSettings, ...record.reportSettings },
        alertSettings: alertForm(record.alertSettings),
      })}
      toBody={toBody}
    />
  );
}
