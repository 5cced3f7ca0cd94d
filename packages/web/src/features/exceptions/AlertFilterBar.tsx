/** The Alerts screen's filters: type, zone and state, each a select kept in the URL. */
import { Box, MenuItem, TextField } from '@mui/material';
import { EXCEPTION_TYPE_LABELS, EXCEPTION_TYPES } from '@sightline/shared';
import { useSession } from '../../api/session-context';
import { useSiteZones } from '../zones/useZones';
import type { AlertFilters } from './alerts';

const ALL = '';

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
        onChange={(e) => {
          const state = e.target.value;
          onChange({ ...value, state: state === 'open' || state === 'acknowledged' ? state : undefined });
        }}
      >
        <MenuItem value={ALL}>Unresolved</MenuItem>
        <MenuItem value="open">Open</MenuItem>
        <MenuItem value="acknowledged">Acknowledged</MenuItem>
      </TextField>
    </Box>
  );
}
