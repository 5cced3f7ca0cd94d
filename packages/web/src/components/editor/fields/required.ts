/**
 * Required inputs without MUI's asterisk span: that span becomes part of the label text, so
 * Playwright's getByLabel('Name', { exact: true }) would miss it. The label gets a CSS asterisk
 * whose alternative text is empty (theme: `.sl-required`), and the input gets aria-required.
 */
type Slots = { htmlInput?: object; inputLabel?: object } & Record<string, unknown>;

export function requiredSlots<S extends Slots>(required: boolean | undefined, slotProps: S = {} as S): S {
  if (!required) return slotProps;
  return {
    ...slotProps,
    htmlInput: { ...slotProps.htmlInput, 'aria-required': true },
    inputLabel: { ...slotProps.inputLabel, className: 'sl-required' },
  };
}
