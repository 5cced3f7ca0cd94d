/** The list's search box (debounced by useListState) and, on phones, a sort select in place of headers. */
import CloseRounded from '@mui/icons-material/CloseRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { IconButton, InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import { lowerTitle } from './cell';
import type { Column } from './types';

interface ListToolbarProps<T> {
  title: string;
  searchable: boolean;
  searchInput: string;
  onSearchInput: (value: string) => void;
  phone: boolean;
  columns: Column<T>[];
  sort: string | undefined;
  onSort: (sort: string | undefined) => void;
}

export function ListToolbar<T>(props: ListToolbarProps<T>) {
  const sortable = props.columns.filter((c) => c.sortable);
  const showSort = props.phone && sortable.length > 0;
  if (!props.searchable && !showSort) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}
      className="no-print"
    >
      {props.searchable && (
        <TextField
          value={props.searchInput}
          onChange={(e) => props.onSearchInput(e.target.value)}
          // Beside the sort select on phones the full 'Search location tags' would be clipped.
          placeholder={props.phone ? 'Search' : `Search ${lowerTitle(props.title)}`}
          sx={{ maxWidth: { sm: 360 } }}
          slotProps={{
            htmlInput: { 'aria-label': `Search ${props.title}` },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: props.searchInput && (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label="Clear search" onClick={() => props.onSearchInput('')}>
                    <CloseRounded fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {showSort && (
        <TextField
          select
          label="Sort"
          value={props.sort ?? ''}
          onChange={(e) => props.onSort(e.target.value || undefined)}
          sx={{ width: 150, flexShrink: 0 }}
        >
          <MenuItem value="">Default</MenuItem>
          {sortable.flatMap((c) => {
            const key = c.sortField ?? c.field;
            return [
              <MenuItem key={key} value={key}>
                {c.label} A–Z
              </MenuItem>,
              <MenuItem key={`-${key}`} value={`-${key}`}>
                {c.label} Z–A
              </MenuItem>,
            ];
          })}
        </TextField>
      )}
    </Stack>
  );
}
