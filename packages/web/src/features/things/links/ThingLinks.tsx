/**
 * The thing editor's Parents/Children tab: Children and Parents toggles, an add
 * mode with search, a table with a link or unlink icon per row (25 rows a page; 10, 25, 100), and
 * an unlink confirmation dialog.
 */
import AddLinkRounded from '@mui/icons-material/AddLinkRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import LinkRounded from '@mui/icons-material/LinkRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import {
  Button,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, type Thing } from '@sightline/shared';
import { useState } from 'react';
import type { EditorTabProps } from '../../../components';
import { ConfirmDialog } from '../../../components';
import { useTableState } from '../../../components/table/useTableState';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import type { ThingForm } from '../thing-form';
import { LinkTable } from './LinkTable';
import { isLinked, type LinkMode, useLinkActions, useLinkCandidates, useLinkedThings } from './useLinks';

const NOUN: Record<LinkMode, string> = { children: 'child', parents: 'parent' };

export function ThingLinks({ ctx }: EditorTabProps<ThingForm>) {
  const thing = ctx.record as Thing | undefined;
  if (!thing) return null;
  return <Links thing={thing} />;
}

function Links({ thing }: { thing: Thing }) {
  const [mode, setMode] = useState<LinkMode>('children');
  const [adding, setAdding] = useState(false);
  const [searchInput, setSearchInput] = useState('');
  const [pending, setPending] = useState<Thing | undefined>();
  const debounced = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // 1-2 characters do not search (as in every list); they keep the unfiltered list.
  const term = debounced.length >= SEARCH_MIN_LENGTH ? debounced : '';
  const table = useTableState();
  const page = { page: table.state.page, limit: table.state.limit };
  const linked = useLinkedThings(thing._id, mode, page);
  const candidates = useLinkCandidates(term, page, adding);
  const actions = useLinkActions(thing, mode);
  const list = adding ? candidates : linked;
  const rows = list.data?.items.filter((r) => r._id !== thing._id);
  const noun = NOUN[mode];

  const switchMode = (next: LinkMode | null) => {
    if (!next) return;
    setMode(next);
    table.update({});
  };
  const toggleAdding = () => {
    setAdding(!adding);
    setSearchInput('');
    table.update({});
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} useFlexGap alignItems="center" sx={{ flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          value={mode}
          exclusive
          size="small"
          color="primary"
          onChange={(_, next: LinkMode | null) => switchMode(next)}
          aria-label="Show children or parents"
        >
          <ToggleButton value="children">Children</ToggleButton>
          <ToggleButton value="parents">Parents</ToggleButton>
        </ToggleButtonGroup>
        {(actions.canAdd || adding) && (
          <Button
            variant={adding ? 'contained' : 'outlined'}
            startIcon={adding ? <CheckRounded /> : <AddLinkRounded />}
            onClick={toggleAdding}
            sx={{ ml: 'auto' }}
          >
            {adding ? 'Done' : `Add ${noun}`}
          </Button>
        )}
      </Stack>
      {adding && (
        <TextField
          autoFocus
          value={searchInput}
          onChange={(e) => {
            setSearchInput(e.target.value);
            table.update({});
          }}
          placeholder={`Search things to link as ${noun}`}
          sx={{ maxWidth: { sm: 420 } }}
          slotProps={{
            htmlInput: { 'aria-label': `Search things to link as ${noun}` },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: searchInput && (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label="Clear search" onClick={() => setSearchInput('')}>
                    <CloseRounded fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      <LinkTable
        label={adding ? `Things to link as ${noun}` : mode === 'children' ? 'Children' : 'Parents'}
        rows={rows}
        fetching={list.isFetching}
        error={list.error}
        onRetry={() => list.refetch()}
        isLinked={(row) => isLinked(thing, row, mode)}
        canChange={actions.canChange}
        busyId={actions.busyId}
        onLink={actions.link}
        onUnlink={setPending}
        empty={
          adding
            ? { icon: <SearchRounded />, title: term ? `Nothing matches “${term}”` : 'No other things yet' }
            : {
                icon: <LinkRounded />,
                title: mode === 'children' ? 'No children' : 'No parents',
                description: !actions.canAdd
                  ? undefined
                  : mode === 'children'
                    ? `Use Add child to pack things into ${thing.name}.`
                    : `Use Add parent to put ${thing.name} into a kit.`,
              }
        }
        paging={table.paging(list.data?.total ?? 0)}
      />
      <ConfirmDialog
        open={pending !== undefined}
        title={`Unlink ${noun}`}
        message={
          mode === 'children'
            ? `Remove ${pending?.name ?? ''} from the children of ${thing.name}?`
            : `Remove ${pending?.name ?? ''} from the parents of ${thing.name}?`
        }
        confirmLabel="Unlink"
        busy={actions.busyId !== undefined}
        onClose={() => setPending(undefined)}
        onConfirm={() => {
          if (!pending) return;
          actions.unlink(pending).then(() => setPending(undefined));
        }}
      />
    </Stack>
  );
}
