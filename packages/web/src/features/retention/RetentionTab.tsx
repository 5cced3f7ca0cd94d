/**
 * The Data retention tab of Organization Settings: per data class the days its history is kept
 * (or kept forever), what the class holds and what is lost when it expires. Changing it, and
 * purging now, needs modify on organizations; everyone else reads it.
 */
import LockOutlined from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  InputAdornment,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  RETENTION_CLASS_INFO,
  RETENTION_CLASSES,
  type RetentionClass,
  type RetentionPolicy,
  type RetentionRunResult,
} from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { api, errorData } from '../../api/client';
import { useSession } from '../../api/session-context';
import { formatCount } from '../../components/format';
import { useNotify } from '../../components/notify';
import { retentionKeys, storageKeys } from './keys';
import { type RetentionForm, toRetentionBody, toRetentionForm } from './retention-form';

export default function RetentionTab() {
  const session = useSession();
  const notify = useNotify();
  const client = useQueryClient();
  const canModify = session.can('organizations', 'modify');
  const policy = useQuery<RetentionPolicy>({
    queryKey: retentionKeys.detail(''),
    queryFn: ({ signal }) => api.get<RetentionPolicy>('retention', undefined, signal),
  });
  const [form, setForm] = useState<RetentionForm>();
  const [errors, setErrors] = useState<Partial<Record<RetentionClass, string>>>({});
  useEffect(() => {
    if (policy.data) setForm(toRetentionForm(policy.data));
  }, [policy.data]);

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: retentionKeys.all() }),
      client.invalidateQueries({ queryKey: storageKeys.all() }),
    ]);
  const save = useMutation({
    mutationFn: (body: RetentionPolicy) => api.put<RetentionPolicy>('retention', body),
    onSuccess: async () => {
      await refresh();
      notify.success('Saved data retention');
    },
    onError: (error) => notify.error(`Failed to save: ${errorData(error)}`),
  });
  const run = useMutation({
    mutationFn: () => api.post<RetentionRunResult>('retention/run'),
    onSuccess: async (result) => {
      await refresh();
      const total = Object.values(result.purged).reduce((a, b) => a + b, 0);
      notify.success(`Purged ${formatCount(total)} expired records`);
    },
    onError: (error) => notify.error(`Failed to purge: ${errorData(error)}`),
  });

  if (policy.isError)
    return <Alert severity="error">Failed to load data retention: {errorData(policy.error)}</Alert>;
  if (!form) return <Skeleton variant="rounded" height={320} />;

  const submit = () => {
    const result = toRetentionBody(form);
    setErrors(result.errors ?? {});
    if (!result.errors) save.mutate(result.body);
  };
  // Enter saves this tab, not the settings form the tab sits in.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (canModify) submit();
  };
  const set = (c: RetentionClass, value: Partial<RetentionForm[RetentionClass]>) =>
    setForm({ ...form, [c]: { ...form[c], ...value } });

  return (
    <Stack spacing={3} onKeyDown={onKeyDown}>
      <Typography variant="body2" color="text.secondary">
        History older than these days is removed every hour. A record expires by its own time, so a reader's
        late upload goes with its day.
      </Typography>
      {!canModify && (
        <Alert severity="info" icon={<LockOutlined fontSize="small" />}>
          You can view data retention but not change it: that needs permission to modify organizations.
        </Alert>
      )}
      {RETENTION_CLASSES.map((c) => {
        const info = RETENTION_CLASS_INFO[c];
        const id = `retention-${c}`;
        return (
          <Box
            key={c}
            component="section"
            aria-labelledby={`${id}-title`}
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 260px' } }}
          >
            <Box>
              <Typography id={`${id}-title`} variant="subtitle1" component="h3">
                {info.label}
              </Typography>
              <Typography variant="body2">{info.holds}</Typography>
              <Typography variant="body2" color="text.secondary">
                {info.lost}
              </Typography>
            </Box>
            <Box>
              <TextField
                id={id}
                label={`${info.label}: days kept`}
                value={form[c].forever ? '' : form[c].days}
                onChange={(e) => set(c, { days: e.target.value })}
                disabled={!canModify || form[c].forever}
                error={Boolean(errors[c])}
                helperText={errors[c] ?? (form[c].forever ? 'Kept forever' : ' ')}
                size="small"
                fullWidth
                slotProps={{
                  htmlInput: { inputMode: 'numeric', 'aria-describedby': `${id}-title` },
                  input: { endAdornment: <InputAdornment position="end">days</InputAdornment> },
                }}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form[c].forever}
                    disabled={!canModify}
                    onChange={(e) =>
                      set(c, {
                        forever: e.target.checked,
                        days: form[c].days || String(RETENTION_CLASS_INFO[c].days ?? ''),
                      })
                    }
                  />
                }
                label={`Keep ${info.label.toLowerCase()} forever`}
              />
            </Box>
          </Box>
        );
      })}
      {canModify && (
        <Stack direction="row" spacing={1.5} justifyContent="flex-end">
          <Button variant="outlined" onClick={() => run.mutate()} disabled={run.isPending}>
            {run.isPending ? 'Purging…' : 'Purge now'}
          </Button>
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save retention'}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
