import { Chip, Stack } from '@mui/material';
import { useMemo } from 'react';
import { useRoles } from '../../api/hooks';

/** Role names for role ids, as small chips. */
export function RoleChips({ ids }: { ids: readonly string[] }) {
  const names = useRoleNames();
  if (ids.length === 0) return <span>—</span>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {ids.map((id) => (
        <Chip key={id} size="small" label={names.get(id) ?? '…'} variant="outlined" />
      ))}
    </Stack>
  );
}

function useRoleNames(): Map<string, string> {
  const roles = useRoles();
  return useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r.name])), [roles.data]);
}
