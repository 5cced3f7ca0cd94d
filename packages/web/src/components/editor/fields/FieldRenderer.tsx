/** Renders one declared field in the editor's two-column grid. */
import { Box } from '@mui/material';
import { useController } from 'react-hook-form';
import type { CustomFieldDef, EditorContext, EditorField, Values } from '../types';
import { CheckboxInput } from './CheckboxInput';
import { ComboboxInput } from './ComboboxInput';
import { DateInput } from './DateInput';
import { DurationInput } from './DurationInput';
import { ExpansionGroup } from './ExpansionGroup';
import { FormattedTime } from './FormattedTime';
import type { FieldProps } from './props';
import { SelectInput } from './SelectInput';
import { SubListInput } from './SubListInput';
import { TextInput } from './TextInput';

const FULL_WIDTH = new Set(['sublist', 'expansion']);

function isFullWidth(field: EditorField): boolean {
  if (field.width) return field.width === 'full';
  return FULL_WIDTH.has(field.type) || (field.type === 'text' && Boolean(field.multiline));
}

export function FieldRenderer({
  field,
  ctx,
  basePath,
}: {
  field: EditorField;
  ctx: EditorContext;
  basePath?: string;
}) {
  if (field.hidden?.(ctx)) return null;
  const own = typeof field.disabled === 'function' ? field.disabled(ctx) : field.disabled;
  const disabled = ctx.readOnly || Boolean(own);
  const name = field.type === 'expansion' ? field.name : basePath ? `${basePath}.${field.name}` : field.name;
  return (
    <Box sx={{ gridColumn: isFullWidth(field) ? '1 / -1' : undefined, minWidth: 0 }}>
      <FieldSwitch field={field} name={name} disabled={disabled} ctx={ctx} />
    </Box>
  );
}

function FieldSwitch(props: FieldProps<EditorField>) {
  const { field } = props;
  switch (field.type) {
    case 'text':
      return <TextInput {...props} field={field} />;
    case 'checkbox':
      return <CheckboxInput {...props} field={field} />;
    case 'select':
      return <SelectInput {...props} field={field} />;
    case 'combobox':
      return <ComboboxInput {...props} field={field} />;
    case 'date':
      return <DateInput {...props} field={field} />;
    case 'duration':
      return <DurationInput {...props} field={field} />;
    case 'sublist':
      return <SubListInput {...props} field={field} />;
    case 'expansion':
      return <ExpansionGroup {...props} field={field} />;
    case 'formattedTime':
      return <FormattedTime {...props} field={field} />;
    case 'custom':
      return <CustomInput {...props} field={field} />;
  }
}

function CustomInput({ field, name, disabled, ctx }: FieldProps<CustomFieldDef<Values>>) {
  const { field: input, fieldState } = useController({ name });
  const Component = field.component;
  return (
    <Component
      field={field}
      name={name}
      value={input.value}
      onChange={input.onChange}
      onBlur={input.onBlur}
      disabled={disabled}
      error={fieldState.error?.message}
      ctx={ctx}
    />
  );
}
