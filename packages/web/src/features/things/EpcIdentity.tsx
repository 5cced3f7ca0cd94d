/**
 * A tag's EPC identity beside its hex: the pure identity URI (or raw URI) and the GS1 keys people
 * read (GTIN and serial, SSCC, GIAI …), decoded by the shared Tag Data Standard decoder.
 */
import { Box, Typography } from '@mui/material';
import { decodeEpc } from '@sightline/shared';
import { allTags } from './ThingCells';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/** The URI, then the keys on a second line (none for a raw URI). */
function EpcIdentityText({ tag }: { tag: string }) {
  const id = decodeEpc(tag);
  return (
    <Box component="span" sx={{ display: 'block', minWidth: 0 }} data-testid="epc-identity">
      <Box
        component="span"
        sx={{ display: 'block', fontFamily: MONO, fontSize: 12, overflowWrap: 'anywhere' }}
      >
        {id.uri}
      </Box>
      {id.label && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {id.label}
        </Typography>
      )}
    </Box>
  );
}

/** The facts of a thing's tags: one per tag, its hex as the label. */
export function tagIdentityFacts(thing: Parameters<typeof allTags>[0]) {
  return allTags(thing).map((tag) => ({
    label: tag,
    value: <EpcIdentityText tag={tag} />,
  }));
}
