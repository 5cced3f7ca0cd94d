/**
 * Upload with real progress per file (XMLHttpRequest) and '{n} of {total} items uploaded' (a fixed
 * text).
 * Up to IMAGE_UPLOAD_CONCURRENCY files travel at once, each in its own request; the uploaded list
 * keeps the order the files were chosen in.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { IMAGE_TEXT, IMAGE_UPLOAD_CONCURRENCY, type Image, MSG } from '@sightline/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { errorData } from '../../api/client';
import { type UploadOptions, uploadImage } from './api';
import { eachConcurrently } from './upload-queue';

interface Row {
  key: string;
  name: string;
  progress: number;
  error?: string;
}

export interface UploadDialogProps {
  files: File[];
  options: Omit<UploadOptions, 'onProgress'>;
  onDone: (uploaded: Image[]) => void;
}

export function UploadDialog({ files, options, onDone }: UploadDialogProps) {
  const titleId = useId();
  const [rows, setRows] = useState<Row[]>([]);
  const [uploaded, setUploaded] = useState<Image[]>([]);
  const [finished, setFinished] = useState(false);
  const started = useRef<File[] | null>(null);

  useEffect(() => {
    if (!files.length || started.current === files) return;
    started.current = files;
    setRows(files.map((f, i) => ({ key: `${i}:${f.name}:${f.size}`, name: f.name, progress: 0 })));
    setUploaded([]);
    setFinished(false);
    const results: Image[][] = files.map(() => []);
    eachConcurrently(files, IMAGE_UPLOAD_CONCURRENCY, async (file, i) => {
      const set = (patch: Partial<Row>) =>
        setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));
      try {
        results[i] = await uploadImage(file, { ...options, onProgress: (p) => set({ progress: p }) });
        setUploaded(results.flat());
      } catch (err) {
        set({ error: `${IMAGE_TEXT.uploadError}: ${errorData(err)}` });
      }
    }).then(() => setFinished(true));
  }, [files, options]);

  const open = files.length > 0;
  return (
    <Dialog open={open} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Upload</DialogTitle>
      <DialogContent>
        <Typography role="status" sx={{ mb: 1 }}>
          {MSG.uploadedCount(uploaded.length, files.length)}
        </Typography>
        <List dense>
          {rows.map((row) => (
            <ListItem key={row.key} disableGutters sx={{ display: 'block' }}>
              <ListItemText
                primary={row.name}
                secondary={row.error}
                slotProps={{ secondary: { color: 'error' } }}
              />
              <LinearProgress
                variant="determinate"
                value={Math.round(row.progress * 100)}
                color={row.error ? 'error' : 'primary'}
                aria-label={`Upload progress of ${row.name}`}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={!finished} onClick={() => onDone(uploaded)}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
