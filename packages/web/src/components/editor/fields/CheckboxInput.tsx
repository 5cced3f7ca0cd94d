import { Checkbox, FormControl, FormControlLabel, FormHelperText } from '@mui/material';
import { useController } from 'react-hook-form';
import type { CheckboxFieldDef, Values } from '../types';
import type { FieldProps } from './props';

export function CheckboxInput({ field, name, disabled }: FieldProps<CheckboxFieldDef<Values>>) {
  const { field: input, fieldState } = useController({ name });
  const help = fieldState.error?.message ?? field.helperText;
  return (
    <FormControl error={Boolean(fieldState.error)} sx={{ justifyContent: 'center', minHeight: 40 }}>
      <FormControlLabel
        control={
          <Checkbox
            name={input.name}
            inputRef={input.ref}
            checked={Boolean(input.value)}
            onChange={(e) => input.onChange(e.target.checked)}
            onBlur={input.onBlur}
            disabled={disabled}
            size="small"
          />
        }
        label={field.label}
      />
      {help && <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{help}</FormHelperText>}
    </FormControl>
  );
}
