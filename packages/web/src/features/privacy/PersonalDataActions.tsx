/**
 * A worker's data, on the thing's editor: Export Personal Data (a zip of the record, its history,
 * photos and the audit rows naming it) and Erase, behind a confirmation that names what goes.
 * Both need `erase` on things for All Sites and a user of All Sites (an organization-wide Admin by
 * default): a worker's data spans every site, and the server refuses anyone else.
 */
import { Button } from '@mui/material';
import { ALL_SITES, can } from '@sightline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorText } from '../../api/client';
import { hasAllSites, useSession } from '../../api/session-context';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DownloadButton } from '../../components/DownloadButton';
import { useNotify } from '../../components/notify';
import { useSiteNavigate } from '../../navigation/site-links';
import { downloadFile } from '../things/download';
import { thingKeys } from '../things/keys';

const eraseMessage = (name: string) =>
  `This removes ${name} and everything that names it or its tags: events, stays, alerts, ` +
  'raw reads, photos attached only to it, webhook deliveries naming it (queued ones are never ' +
  'sent), and its name, serial and tags in the audit log. The ' +
  'audit log keeps that an erasure happened, by whom and when. This cannot be undone.';

export function PersonalDataActions({ id, name, listPath }: { id: string; name: string; listPath: string }) {
  const session = useSession();
  const notify = useNotify();
  const navigate = useSiteNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const allSites = hasAllSites(session);
  if (!allSites || !can(session.rules, 'things', 'erase', ALL_SITES)) return null;
  const erase = async () => {
    setBusy(true);
    try {
      await api.post(`things/${id}/erase`);
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: thingKeys.all() });
      notify.success(`Erased ${name}`);
      navigate(listPath);
    } catch (error) {
      notify.error(`Erase failed: ${errorText(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <DownloadButton
        label="Export Personal Data"
        run={() => downloadFile(`things/${id}/personal-data`, {}, 'personal-data.zip')}
      />
      <Button variant="outlined" color="error" onClick={() => setAsking(true)}>
        Erase
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Erase ${name}?`}
        message={eraseMessage(name)}
        confirmLabel="Erase"
        busy={busy}
        onConfirm={erase}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
