import type { AutocompleteRenderInputParams } from '@mui/material';

/** Autocomplete's render-input params mapped onto TextField's `slotProps` (MUI 7), with extras merged in. */
export function autocompleteFieldProps(
  params: AutocompleteRenderInputParams,
  extra: {
    input?: Record<string, unknown>;
    htmlInput?: Record<string, unknown>;
    inputLabel?: Record<string, unknown>;
  } = {},
) {
  const { InputProps, inputProps, InputLabelProps, ...rest } = params;
  return {
    ...rest,
    slotProps: {
      input: { ...InputProps, ...extra.input },
      htmlInput: { ...inputProps, ...extra.htmlInput },
      inputLabel: { ...InputLabelProps, ...extra.inputLabel },
    },
  };
}
