/**
 * The image search bar: chips for every active part of the filter, and the controls —
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
import { type Category, type QuickRange, quickRange, type Username } from '@sightline/shared';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { formatListDate, LIST_DATE_FORMAT } from '../../components/format';
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
  /** Changes these parts of the filter (the rest stays as it is now, not as it was rendered). */
  onChange: (change: Partial<UrlFilter>) => void;
}

/** The chips of the active filter; each one removes its part. */
export function SearchChips({ filter, categories, users, onChange }: SearchChipsProps) {
  const chips: { key: string; label: string; remove: () => void }[] = [];
  for (const id of filter.category)
    chips.push({
      key: `c${id}`,
      label: `Category: ${categories.find((c) => c._id === id)?.name ?? id}`,
      remove: () => onChange({ category: filter.category.filter((c) => c !== id) }),
    });
  for (const tag of filter.tag)
    chips.push({
      key: `t${tag}`,
      label: `Tag: ${tag}`,
      remove: () => onChange({ tag: filter.tag.filter((t) => t !== tag) }),
    });
  if (filter.uploader)
    chips.push({
      key: 'u',
      label: `Uploader: ${users.find((u) => u.id === filter.uploader)?.name ?? 'unavailable'}`,
      remove: () => onChange({ uploader: undefined }),
    });
  if (filter.search)
    chips.push({
      key: 's',
      label: `Search: ${filter.search}`,
      remove: () => onChange({ search: undefined }),
    });
  if (filter.partial) chips.push({ key: 'p', label: 'Partial', remove: () => onChange({ partial: false }) });
  if (filter.start)
    chips.push({
      key: 'st',
      label: `Start: ${formatListDate(filter.start)}`,
      remove: () => onChange({ start: undefined }),
    });
  if (filter.end)
    chips.push({
      key: 'en',
      label: `End: ${formatListDate(filter.end)}`,
      remove: () => onChange({ end: undefined }),
    });
  if (filter.or) chips.push({ key: 'or', label: 'Or', remove: () => onChange({ or: false }) });
  if (filter.notags)
    chips.push({ key: 'nt', label: 'Without tags', remove: () => onChange({ notags: false }) });
  if (filter.nocategories)
    chips.push({
      key: 'nc',
      label: 'Without categories',
      remove: () => onChange({ nocategories: false }),
    });
  if (!chips.length) return null;
  return (
    <Stack
      component="ul"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
      aria-label="Active filters"
    >
      {/* Each chip is a button named by its text; Delete or Backspace on it removes that part. */}
      {chips.map((c) => (
        <li key={c.key}>
          <Chip
            label={c.label}
            onDelete={c.remove}
            size="small"
            aria-description="Press Delete to remove this filter"
          />
        </li>
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
    if (search !== filter.search) onChange({ search });
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
            onChange={(_e, tag) => onChange({ tag: tag.map((t) => t.trim()).filter(Boolean) })}
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
              onChange({ category: typeof v === 'string' ? v.split(',') : v });
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
                  onChange={(e) => onChange({ partial: e.target.checked })}
                />
              }
            />
          </Stack>
          <TextField
            select
            size="small"
            label="Uploader"
            value={filter.uploader ?? ''}
            onChange={(e) => onChange({ uploader: e.target.value || undefined })}
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
            format={LIST_DATE_FORMAT}
            value={filter.start ? dayjs(filter.start) : null}
            onChange={(d) => {
              if (d === null || d.isValid())
                onChange({ start: d ? d.startOf('day').toISOString() : undefined });
            }}
            slotProps={{ textField: { size: 'small', sx: { width: 190 } } }}
          />
          <DatePicker
            label="End Date"
            format={LIST_DATE_FORMAT}
            value={filter.end ? dayjs(filter.end) : null}
            onChange={(d) => {
              if (d === null || d.isValid()) onChange({ end: d ? d.endOf('day').toISOString() : undefined });
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
                  onChange({ start: r.after, end: r.before });
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
            control={<Checkbox checked={filter.or} onChange={(e) => onChange({ or: e.target.checked })} />}
          />
          <FormControlLabel
            label="search images without tags"
            control={
              <Switch checked={filter.notags} onChange={(e) => onChange({ notags: e.target.checked })} />
            }
          />
          <FormControlLabel
            label="without categories"
            control={
              <Switch
                checked={filter.nocategories}
                onChange={(e) => onChange({ nocategories: e.target.checked })}
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
