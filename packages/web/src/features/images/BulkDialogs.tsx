/**
 * Bulk edit (add/remove tags and categories) and bulk delete, for the selection (bulk mode) or the
 * filter (query mode). Deleting by query needs the word Delete typed (MSG.typeDelete).
 */
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { type Category, MSG } from '@sightline/shared';
import { useId, useState } from 'react';
import { TextPromptDialog } from '../../components/TextPromptDialog';
import type { BulkChange } from './api';
import { imageCount } from './filter';

export interface BulkEditDialogProps {
  open: boolean;
  what: string;
  categories: Category[];
  tagOptions: string[];
  busy: boolean;
  onSave: (change: BulkChange) => void;
  onClose: () => void;
}

const EMPTY: BulkChange = { addTags: [], removeTags: [], addCategories: [], removeCategories: [] };

function TagsField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string[];
  options: string[];
  onChange: (v: string[]) => void;
}) {
  return (
    <Autocomplete
      multiple
      freeSolo
      size="small"
      options={options}
      value={value}
      onChange={(_e, v) => onChange(v.map((t) => t.trim()).filter(Boolean))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

function CategoriesField({
  label,
  value,
  categories,
  onChange,
}: {
  label: string;
  value: string[];
  categories: Category[];
  onChange: (v: string[]) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      slotProps={{ select: { multiple: true } }}
      onChange={(e) => {
        const v = e.target.value as unknown as string[] | string;
        onChange(typeof v === 'string' ? v.split(',') : v);
      }}
    >
      {categories.map((c) => (
        <MenuItem key={c._id} value={c._id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function BulkEditDialog({
  open,
  what,
  categories,
  tagOptions,
  busy,
  onSave,
  onClose,
}: BulkEditDialogProps) {
  const titleId = useId();
  const [change, setChange] = useState<BulkChange>(EMPTY);
  const empty = Object.values(change).every((v) => v.length === 0);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      TransitionProps={{ onExited: () => setChange(EMPTY) }}
    >
      <DialogTitle id={titleId}>Edit {what}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TagsField
            label="Add Tags"
            value={change.addTags}
            options={tagOptions}
            onChange={(addTags) => setChange({ ...change, addTags })}
          />
          <TagsField
            label="Remove Tags"
            value={change.removeTags}
            options={tagOptions}
            onChange={(removeTags) => setChange({ ...change, removeTags })}
          />
          <CategoriesField
            label="Add Categories"
            value={change.addCategories}
            categories={categories}
            onChange={(addCategories) => setChange({ ...change, addCategories })}
          />
          <CategoriesField
            label="Remove Categories"
            value={change.removeCategories}
            categories={categories}
            onChange={(removeCategories) => setChange({ ...change, removeCategories })}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={empty || busy} onClick={() => onSave(change)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface DeleteByQueryDialogProps {
  open: boolean;
  total: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Query-mode delete: the button stays disabled until Delete (any case) is typed. */
export function DeleteByQueryDialog({ open, total, busy, onConfirm, onClose }: DeleteByQueryDialogProps) {
  return (
    <TextPromptDialog
      open={open}
      title={`Delete ${imageCount(total)} matching the filter?`}
      text={MSG.typeDelete}
      label="Type Delete"
      confirmLabel="Delete"
      destructive
      ready={(typed) => typed.trim().toLowerCase() === 'delete'}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
