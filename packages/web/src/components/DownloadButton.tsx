/**
 * Every download button (Download XLSX of lists and reports): busy while the file is fetched,
 * failures in the error bar.
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { errorText } from '../api/client';
import { useNotify } from './notify';

export function DownloadButton({
  label = 'Download XLSX',
  run,
  disabled,
}: {
  label?: string;
  run: () => Promise<unknown>;
  disabled?: boolean;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      onClick={click}
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={16} /> : <FileDownloadOutlined />}
    >
      {label}
    </Button>
  );
}
