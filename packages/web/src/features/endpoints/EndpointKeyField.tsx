/**
 * The endpoint's read-only Key with a 'Rotate Key' action for callers who may modify it: after a
 * confirmation the server makes a new key (`POST endpoints/:id/key`) and the old one stops working.
 */
import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import { Box, Button } from '@mui/material';
import type { Endpoint } from '@sightline/shared';
import { MSG } from '@sightline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorData } from '../../api/client';
import { recordId } from '../../api/hooks';
import { ConfirmDialog, type CustomFieldProps, useNotify } from '../../components';
import { endpointKeys } from './keys';
import { ReadOnlyField } from './ReadOnlyField';

const ROTATE_KEY_MESSAGE =
  'The current key stops working at once. Every reader and handheld using this endpoint must be given the new key (re-scan the QR code) before it can post sightings again.';

export function EndpointKeyField(props: CustomFieldProps) {
  const { ctx } = props;
  const notify = useNotify();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const id = ctx.record ? recordId(ctx.record) : '';
  const name = typeof ctx.record?.name === 'string' ? ctx.record.name : 'endpoint';

  const rotate = useMutation<Endpoint, Error>({
    mutationFn: () => api.post<Endpoint>(`endpoints/${id}/key`),
    onSuccess: (saved) => {
      // The open record shows the new key (and QR code) at once; lists refresh behind it.
      client.setQueriesData<Endpoint>({ queryKey: endpointKeys.detail(id) }, saved);
      void client.invalidateQueries({ queryKey: endpointKeys.lists() });
      setConfirming(false);
      notify.success(`New key generated for ${saved.name}`);
    },
    onError: (error) => {
      setConfirming(false);
      notify.error(MSG.saveFailed(errorData(error)));
    },
  });

  const mayRotate = !ctx.isNew && !ctx.readOnly && Boolean(id);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Box sx={{ flex: '1 1 16rem', minWidth: 0, '& .MuiTextField-root': { width: '100%' } }}>
        <ReadOnlyField {...props} secret />
      </Box>
      {mayRotate && (
        <Button
          variant="outlined"
          startIcon={<AutorenewRounded />}
          onClick={() => setConfirming(true)}
          disabled={rotate.isPending}
          sx={{ mt: { xs: 0, sm: 1 }, flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          Rotate Key
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Rotate the key of ${name}?`}
        message={ROTATE_KEY_MESSAGE}
        confirmLabel="Rotate Key"
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
