/**
 * Where a pushing reader posts (the Connection tab in Push mode): the address of each ingest route
 * of this console for this endpoint, each with its copy button and how the reader sends its key,
 * then the key itself, masked until shown (docs/readers.md). The addresses are built from the
 * console's own origin: the reader reaches Sightline where the browser does.
 */
import { Stack, Typography } from '@mui/material';
import type { CustomFieldProps } from '../../components';
import type { EndpointForm } from './endpoint-form';
import { ReadOnlyField } from './ReadOnlyField';

/** The server's ingest routes (features/ingest/routes.ts), by the reader that posts to each. */
function pushTargets(origin: string, uuid: string) {
  return [
    {
      label: 'Native JSON URL',
      url: `${origin}/api/ingest/sightings`,
      how: 'The key as "Authorization: Bearer <key>", the UUID in the "x-endpoint-uuid" header.',
    },
    {
      label: 'Impinj R700 URL',
      url: `${origin}/api/ingest/impinj/${uuid}`,
      how: 'HTTP Basic: the UUID as user name, the key as password.',
    },
    {
      label: 'Zebra IoT Connector URL',
      url: `${origin}/api/ingest/zebra/${uuid}`,
      how: 'HTTP Basic: the UUID as user name, the key as password.',
    },
  ];
}

export function EndpointPushTarget(props: CustomFieldProps<EndpointForm>) {
  const { ctx } = props;
  const uuid = typeof ctx.record?.uuid === 'string' ? ctx.record.uuid : ctx.values.uuid;
  const key = typeof ctx.record?.key === 'string' ? ctx.record.key : '';
  const field = (name: string, label: string, helperText: string) => ({ name, label, helperText });
  return (
    <Stack spacing={2} aria-label="Where the reader posts" role="group">
      <Typography variant="body2">
        Point the reader at the address of its kind; it sends this endpoint's key with every post.
      </Typography>
      {pushTargets(window.location.origin, uuid).map((t) => (
        <ReadOnlyField
          {...props}
          key={t.label}
          name={t.label}
          value={t.url}
          field={field(t.label, t.label, t.how)}
          wrap
        />
      ))}
      {key && (
        <ReadOnlyField
          {...props}
          name="readerKey"
          value={key}
          secret
          field={field('readerKey', 'Reader Key', 'The same key as on the Basic tab; keep it private.')}
        />
      )}
    </Stack>
  );
}
