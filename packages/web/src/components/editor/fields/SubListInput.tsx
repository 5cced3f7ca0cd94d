/** A sub-list: an array of objects edited row by row, with Add and a remove button per row. */
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import {
  Box,
  Button,
  Divider,
  FormHelperText,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { valueAt } from '../../table/cell';
import type { EditorContext, SubListFieldDef, Values } from '../types';
import { FieldRenderer } from './FieldRenderer';
import type { FieldProps } from './props';

export function SubListInput({ field, name, disabled, ctx }: FieldProps<SubListFieldDef<Values>>) {
  const { control, formState } = useFormContext();
  const { fields: rows, append, remove } = useFieldArray({ control, name });
  const error = (valueAt(formState.errors, name) as { message?: string } | undefined)?.message;
  // Numbers (antenna, coordinates) need less room than names and pickers.
  // Wide rows (webhook field mappings, most of whose fields show only for some rows) wrap instead.
  const columns =
    field.fields.length > 4
      ? 'repeat(auto-fill, minmax(200px, 1fr))'
      : field.fields
          .map((f) => (f.type === 'text' && f.inputType === 'number' ? 'minmax(0, 1fr)' : 'minmax(0, 2fr)'))
          .join(' ');
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <Stack direction="row" alignItems="center" sx={{ mb: rows.length ? 2 : 0.5 }}>
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
          {field.label}
          {field.required && ' *'}
        </Typography>
        {!disabled && (
          <Button size="small" startIcon={<AddRounded />} onClick={() => append(field.newItem())}>
            {field.addLabel ?? 'Add'}
          </Button>
        )}
      </Stack>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          None yet.
        </Typography>
      )}
      <Stack
        spacing={2}
        // Phones stack each row's fields: a rule tells one row from the next.
        divider={<Divider flexItem sx={{ display: { sm: 'none' } }} />}
      >
        {rows.map((row, index) => {
          const itemCtx: EditorContext = {
            ...ctx,
            values: (valueAt(ctx.values, `${name}.${index}`) as Values) ?? {},
          };
          return (
            <Stack key={row.id} direction="row" spacing={1} alignItems="flex-start">
              <Box
                sx={{ flex: 1, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: columns } }}
              >
                {field.fields.map((inner) => (
                  <FieldRenderer
                    key={inner.name}
                    field={{ ...inner, width: 'half' }}
                    ctx={{ ...itemCtx, readOnly: disabled }}
                    basePath={`${name}.${index}`}
                  />
                ))}
              </Box>
              {!disabled && (
                <Tooltip title="Remove">
                  <IconButton
                    aria-label={`Remove ${field.label} row ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    <DeleteOutlineRounded fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          );
        })}
      </Stack>
      {(error ?? field.helperText) && (
        <FormHelperText error={Boolean(error)}>{error ?? field.helperText}</FormHelperText>
      )}
    </Paper>
  );
}
