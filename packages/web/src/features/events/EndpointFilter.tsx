/** The Endpoints filter of the events screen: several of the site's endpoints (GET eventsources?site=). */
import { Autocomplete, Checkbox, TextField } from '@mui/material';
import type { EventSource } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { eventKeys } from './keys';

export function EndpointFilter(props: {
  siteId: string | undefined;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const sources = useQuery({
    queryKey: eventKeys.sources(props.siteId),
    queryFn: ({ signal }) => api.get<EventSource[]>('eventsources', { site: props.siteId }, signal),
    enabled: props.siteId !== undefined,
    staleTime: 60_000,
  });
  const options = sources.data ?? [];
  const selected = props.value.map((id) => options.find((o) => o._id === id) ?? { _id: id, name: id });
  return (
    <Autocomplete
      multiple
      size="small"
      disableCloseOnSelect
      limitTags={2}
      options={options}
      loading={sources.isPending}
      value={selected}
      onChange={(_, next) => props.onChange(next.map((o) => o._id))}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      renderOption={({ key, ...rest }, option, { selected: checked }) => (
        <li key={key} {...rest}>
          <Checkbox size="small" checked={checked} sx={{ mr: 1, p: 0.5 }} />
          {option.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField {...params} label="Endpoints" placeholder={props.value.length ? '' : 'All'} />
      )}
      sx={{ width: { xs: '100%', sm: 300 } }}
    />
  );
}
