/** An expansion view: a collapsible group of fields inside an editor tab. */
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import type { ExpansionFieldDef, Values } from '../types';
import { FieldGrid } from './FieldGrid';
import { FieldRenderer } from './FieldRenderer';
import type { FieldProps } from './props';

export function ExpansionGroup({ field, ctx }: FieldProps<ExpansionFieldDef<Values>>) {
  return (
    <Accordion
      defaultExpanded={field.defaultExpanded}
      disableGutters
      variant="outlined"
      sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
      // A group sits right under the editor's title (h1): its heading is an h2.
      slots={{ heading: 'h2' }}
    >
      <AccordionSummary expandIcon={<ExpandMoreRounded />}>
        <Typography variant="subtitle2" component="span">
          {field.label}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 1, pb: 2.5 }}>
        <FieldGrid>
          {field.fields.map((inner) => (
            <FieldRenderer key={inner.name} field={inner} ctx={ctx} />
          ))}
        </FieldGrid>
        {field.helperText && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {field.helperText}
          </Typography>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
