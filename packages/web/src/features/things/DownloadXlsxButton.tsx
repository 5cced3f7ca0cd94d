/** 'Download XLSX' of a things list (SPEC 2.11): GET things/export with the list's class, site and search. */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button, CircularProgress } from '@mui/material';
import type { ThingClass } from '@sightline/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { useSession } from '../../api/session-context';
import { useNotify } from '../../components';
import { downloadFile } from './download';

export function DownloadXlsxButton({ thingClass }: { thingClass: ThingClass }) {
  const { siteId } = useSession();
  const notify = useNotify();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const search = params.get('search') ?? '';

  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(
        'things/export',
        { class: thingClass, site: siteId, search2: search || undefined },
        `${thingClass}s.xlsx`,
      );
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outlined"
      onClick={download}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} /> : <FileDownloadOutlined />}
    >
      Download XLSX
    </Button>
  );
}
