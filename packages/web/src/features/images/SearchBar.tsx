/**
 * The image search bar (SPEC 2.12): chips for every active part of the filter, and the controls —
 * Tags combobox, Categories select, text search with Partial, Uploader, dates with the quick ranges
 * Today / 7 Days / 31 days / Current Month, 'Or query parameters together', the without-tags and
 * without-categories toggles, Clear and Close.
 */
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { type Category, formatListDate, type QuickRange, quickRange, type Username } from '@sightline/shared';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { EMPTY_FILTER, type UrlFilter } from './filter';

const QUICK: { range: QuickRange; label: string }[] = [
  { range: 'today', label: 'Today' },
  { range: '7d', label: '7 Days' },
  { range: '31d', label: '31 days' },
  { range: 'month', label: 'Current Month' },
];

export interface SearchChipsProps {
  filter: UrlFilter;
  categories: Category[];
  users: Username[];
  onChange: (filter: UrlFilter) => void;
}

/** The chips of the active filter; each one removes its part. */
export function SearchChips({ filter, categories, users, onChange }: SearchChipsProps) {
  const chips: { key: string; label: string; remove: () => void }[] = [];
  for (const id of filter.category)
    chips.push({
      key: `c${id}`,
      label: `Category: ${categories.find((c) => c._id === id)?.name ?? id}`,
      remove: () => onChange({ ...filter, category: filter.category.filter((c) => c !== id) }),
    });
  for (const tag of filter.tag)
    chips.push({
      key: `t${tag}`,
      label: `Tag: ${tag}`,
      remove: () => onChange({ ...filter, tag: filter.tag.filter((t) => t !== tag) }),
    });
  if (filter.uploader)
    chips.push({
      key: 'u',
      label: `Uploader: ${users.find((u) => u.id === filter.uploader)?.name ?? 'unavailable'}`,
      remove: () => onChange({ ...filter, uploader: undefined }),
    });
  if (filter.search)
    chips.push({
      key: 's',
      label: `Search: ${filter.search}`,
      remove: () => onChange({ ...filter, search: undefined }),
    });
  if (filter.partial)
    chips.push({ key: 'p', label: 'Partial', remove: () => onChange({ ...filter, partial: false }) });
  if (filter.start)
    chips.push({
      key: 'st',
      label: `Start: ${formatListDate(filter.start)}`,
      remove: () => onChange({ ...filter, start: undefined }),
    });
  if (filter.end)
    chips.push({
      key: 'en',
      label: `End: ${formatListDate(filter.end)}`,
      remove: () => onChange({ ...filter, end: undefined }),
    });
  if (filter.or) chips.push({ key: 'or', label: 'Or', remove: () => onChange({ ...filter, or: false }) });
  if (filter.notags)
    chips.push({ key: 'nt', label: 'Without tags', remove: () => onChange({ ...filter, notags: false }) });
  if (filter.nocategories)
    chips.push({
      key: 'nc',
      label: 'Without categories',
      remove: () => onChange({ ...filter, nocategories: false }),
    });
  if (!chips.length) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Active filters" role="list">
      {chips.map((c) => (
        <Chip key={c.key} role="listitem" label={c.label} onDelete={c.remove} size="small" />
      ))}
    </Stack>
  );
}

export interface SearchBarProps extends SearchChipsProps {
  tagOptions: string[];
  onClose: () => void;
}

export function SearchBar({ filter, categories, users, tagOptions, onChange, onClose }: SearchBarProps) {
  // The text search applies on Enter or when leaving the field, not on every key.
  const [text, setText] = useState(filter.search ?? '');
  useEffect(() => setText(filter.search ?? ''), [filter.search]);
  const applyText = () => {
    const search = text.trim() || undefined;
    if (search !== filter.search) onChange({ ...filter, search });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Search images">
      <Stack sx={{ gap: 2 }}>
        <SearchChips filter={filter} categories={categories} users={users} onChange={onChange} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Autocomplete
            multiple
            freeSolo
            size="small"
            options={tagOptions}
            value={filter.tag}
            onChange={(_e, tag) => onChange({ ...filter, tag: tag.map((t) => t.trim()).filter(Boolean) })}
            renderInput={(params) => (
              <TextField {...params} label="Tags" helperText="Press Enter after each tag" />
            )}
          />
          <TextField
            select
            size="small"
            label="Categories"
            value={filter.category}
            slotProps={{ select: { multiple: true } }}
            onChange={(e) => {
              const v = e.target.value as unknown as string[] | string;
              onChange({ ...filter, category: typeof v === 'string' ? v.split(',') : v });
            }}
          >
            {categories.map((c) => (
              <MenuItem key={c._id} value={c._id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <TextField
              size="small"
              label="Search"
              fullWidth
              value={text}
              helperText="Comment, tags and category names"
              onChange={(e) => setText(e.target.value)}
              onBlur={applyText}
              onKeyDown={(e) => {
                if (e.key === 'Enter') applyText();
              }}
            />
            <FormControlLabel
              label="Partial"
              control={
                <Checkbox
                  checked={filter.partial}
                  onChange={(e) => onChange({ ...filter, partial: e.target.checked })}
                />
              }
            />
          </Stack>
          <TextField
            select
            size="small"
            label="Uploader"
            value={filter.uploader ?? ''}
            onChange={(e) => onChange({ ...filter, uploader: e.target.value || undefined })}
          >
            <MenuItem value="">
              <em>Anyone</em>
            </MenuItem>
            {users.map((u) => (
              <MenuItem key={u.id} value={u.id}>
                {u.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <DatePicker
            label="Start Date"
            format="YYYY/MM/DD"
            value={filter.start ? dayjs(filter.start) : null}
            onChange={(d) => {
              if (d === null || d.isValid())
                onChange({ ...filter, start: d ? d.startOf('day').toISOString() : undefined });
            }}
            slotProps={{ textField: { size: 'small', sx: { width: 190 } } }}
          />
          <DatePicker
            label="End Date"
            format="YYYY/MM/DD"
            value={filter.end ? dayjs(filter.end) : null}
            onChange={(d) => {
              if (d === null || d.isValid())
                onChange({ ...filter, end: d ? d.endOf('day').toISOString() : undefined });
            }}
            slotProps={{ textField: { size: 'small', sx: { width: 190 } } }}
          />
          <Stack
            direction="row"
            sx={{ gap: 1, flexWrap: 'wrap' }}
            role="group"
            aria-label="Quick date ranges"
          >
            {QUICK.map((q) => (
              <Button
                key={q.range}
                size="small"
                variant="outlined"
                onClick={() => {
                  const r = quickRange(q.range);
                  onChange({ ...filter, start: r.after, end: r.before });
                }}
              >
                {q.label}
              </Button>
            ))}
          </Stack>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <FormControlLabel
            label="Or query parameters together"
            control={
              <Checkbox checked={filter.or} onChange={(e) => onChange({ ...filter, or: e.target.checked })} />
            }
          />
          <FormControlLabel
            label="search images without tags"
            control={
              <Switch
                checked={filter.notags}
                onChange={(e) => onChange({ ...filter, notags: e.target.checked })}
              />
            }
          />
          <FormControlLabel
            label="without categories"
            control={
              <Switch
                checked={filter.nocategories}
                onChange={(e) => onChange({ ...filter, nocategories: e.target.checked })}
              />
            }
          />
          <Box sx={{ flex: 1 }} />
          <Button onClick={() => onChange(EMPTY_FILTER)}>Clear</Button>
          <Button variant="outlined" onClick={onClose}>
            Close
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
