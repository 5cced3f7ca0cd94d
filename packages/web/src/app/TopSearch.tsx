/**
 * The top-bar search box. It jumps to any screen of the visible menu by name; a typed term goes
 * to the first feature that registers a `search` target (e.g. the items list's own search).
 */
import SearchRounded from '@mui/icons-material/SearchRounded';
import { Autocomplete, InputAdornment, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { autocompleteFieldProps } from '../components/autocomplete';
import { features } from '../features';
import type { MenuLink } from '../navigation/registry';
import { useSiteNavigate } from '../navigation/site-links';
import { useMenuContext } from './menu-context';
import { buildMenu, menuLabel } from './menu-layout';

export function TopSearch() {
  const ctx = useMenuContext();
  const navigate = useSiteNavigate();
  const [input, setInput] = useState('');
  const target = features.find((f) => f.search)?.search;
  const searchLabel = typeof target?.label === 'function' ? target.label(ctx) : target?.label;
  const screens = useMemo<MenuLink[]>(
    () =>
      buildMenu(features, ctx).flatMap((g) =>
        g.entries.flatMap((e) => [
          ...(e.path ? [{ label: menuLabel(e, ctx), path: e.path }] : []),
          ...(e.children ?? []).map((c) => ({ ...c, label: `${menuLabel(e, ctx)} › ${c.label}` })),
        ]),
      ),
    [ctx],
  );
  const go = (choice: MenuLink | string | null) => {
    if (!choice) return;
    if (typeof choice !== 'string') navigate(choice.path, { query: choice.query });
    else if (target && choice.trim()) navigate(target.path, { query: target.query(choice.trim()) });
    else return;
    setInput('');
  };
  return (
    <Autocomplete<MenuLink, false, false, true>
      freeSolo
      options={screens}
      inputValue={input}
      value={null}
      onInputChange={(_, value, reason) => reason !== 'reset' && setInput(value)}
      onChange={(_, choice) => go(choice)}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
      sx={{ width: '100%', maxWidth: 420 }}
      renderInput={(params) => (
        <TextField
          {...autocompleteFieldProps(params, {
            htmlInput: { 'aria-label': 'Search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
              sx: { bgcolor: 'background.default', borderRadius: 2 },
            },
          })}
          placeholder={target ? `Search ${searchLabel} or screens` : 'Search screens'}
        />
      )}
    />
  );
}
