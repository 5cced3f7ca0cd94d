/**
 * The Alerts screen's filters: type, zone and state, each a select kept in the URL. The state's
 * default is Open (new and acknowledged); New, Acknowledged or Resolved pick one state.
 */
import { Box, MenuItem, TextField } from '@mui/material';
import { EXCEPTION_TYPE_LABELS, EXCEPTION_TYPES } from '@sightline/shared';
import { useSession } from '../../api/session-context';
import { useSiteZones } from '../zones/useZones';
import { type AlertFilters, asStateFilter, STATE_FILTERS } from './alerts';

const ALL = '';
const STATE_FILTER_LABELS = { new: 'New', acknowledged: 'Acknowledged', resolved: 'Resolved' } as const;

export function AlertFilterBar({
  value,
  onChange,
}: {
  value: AlertFilters;
  onChange: (next: AlertFilters) => void;
}) {
  const { siteId } = useSession();
  const zones = useSiteZones(siteId);
  // The empty value ('All …') is shown as an option's text, so the label stays above it.
  const field = {
    select: true,
    size: 'small',
    fullWidth: true,
    slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } },
  } as const;
  // A zone filter from a link may name a zone not loaded yet: it shows once the zones arrive.
  const zoneValue = value.zone && zones.names.has(value.zone) ? value.zone : ALL;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 240px))' },
      }}
    >
      <TextField
        {...field}
        label="Type"
        value={value.type ?? ALL}
        onChange={(e) => onChange({ ...value, type: EXCEPTION_TYPES.find((t) => t === e.target.value) })}
      >
        <MenuItem value={ALL}>All types</MenuItem>
        {EXCEPTION_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {EXCEPTION_TYPE_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        label="Zone"
        value={zoneValue}
        onChange={(e) => onChange({ ...value, zone: e.target.value || undefined })}
      >
        <MenuItem value={ALL}>All zones</MenuItem>
        {zones.options.map((z) => (
          <MenuItem key={z.value} value={z.value}>
            {z.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        label="State"
        value={value.state ?? ALL}
        onChange={(e) => onChange({ ...value, state: asStateFilter(e.target.value) })}
      >
        <MenuItem value={ALL}>Open</MenuItem>
        {STATE_FILTERS.map((s) => (
          <MenuItem key={s} value={s}>
            {STATE_FILTER_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
