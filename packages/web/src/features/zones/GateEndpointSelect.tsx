/**
 * A gate's endpoint: the endpoints of the zone's site (GET api/endpoints?site=). Required, but
 * its message is the fixed text 'Please select an value' (sic), so the rule is the field's own (no
 * None entry).
 */
import { MenuItem, TextField } from '@mui/material';
import { type Endpoint, PICKER_FETCH_LIMIT } from '@sightline/shared';
import { useWatch } from 'react-hook-form';
import { useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import type { CustomFieldProps } from '../../components';
import { requiredSlots } from '../../components/editor/fields/required';

export function GateEndpointSelect({
  field,
  name,
  value,
  onChange,
  onBlur,
  disabled,
  error,
}: CustomFieldProps) {
  const session = useSession();
  const zoneSite = useWatch({ name: 'site' }) as string | undefined;
  const site = zoneSite || session.siteId;
  const endpoints = useList<Endpoint>(
    'endpoints',
    { site, limit: PICKER_FETCH_LIMIT, sort: 'name' },
    { enabled: Boolean(site) },
  );
  const items = endpoints.data?.items ?? [];
  const current = typeof value === 'string' ? value : '';
  const unknown = current !== '' && endpoints.data !== undefined && !items.some((e) => e._id === current);
  return (
    <TextField
      select
      name={name}
      label={field.label}
      value={endpoints.data || current === '' ? current : ''}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? (endpoints.isPending ? 'Loading endpoints…' : field.helperText)}
      slotProps={requiredSlots(true)}
    >
      {items.length === 0 && (
        <MenuItem value="" disabled>
          <em>{endpoints.isPending ? 'Loading…' : 'No endpoints at this site'}</em>
        </MenuItem>
      )}
      {unknown && (
        <MenuItem value={current}>
          <em>Unknown endpoint</em>
        </MenuItem>
      )}
      {items.map((e) => (
        <MenuItem key={e._id} value={e._id}>
          {e.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
