/**
 * The Sightline look: a calm "signal blue" primary on cool neutral surfaces, compact tables,
 * 10 px rounded cards outlined rather than shadowed, and a visible focus ring everywhere.
 */
import { alpha, createTheme } from '@mui/material/styles';

const ink = {
  900: '#0f172a',
  700: '#334155',
  500: '#64748b',
  300: '#cbd5e1',
  200: '#e2e8f0',
  100: '#f1f5f9',
  50: '#f7f9fc',
};
const primary = '#1f4fd1';
const focusRing = `0 0 0 3px ${alpha(primary, 0.35)}`;

export const DRAWER_WIDTH = 264;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: primary, light: '#4c74e0', dark: '#173b9e', contrastText: '#fff' },
    secondary: { main: '#0d9488', contrastText: '#fff' },
    // Every main colour carries white text at 4.5:1 or more (filled alerts, chips, buttons):
    // error 4.8, warning 5.4, success 5.7, info 5.5.
    error: { main: '#d92d20' },
    warning: { main: '#b54708' },
    success: { main: '#067647' },
    info: { main: '#0a6bbd' },
    text: { primary: ink[900], secondary: ink[500] },
    divider: ink[200],
    background: { default: ink[50], paper: '#ffffff' },
    action: { hover: alpha(ink[500], 0.06), selected: alpha(primary, 0.08) },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Liberation Sans", Arial, sans-serif',
    fontSize: 14,
    h1: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontSize: '1.5rem', fontWeight: 700, letterSpacing: '-0.015em' },
    h3: { fontSize: '1.25rem', fontWeight: 650, letterSpacing: '-0.01em' },
    h4: { fontSize: '1.125rem', fontWeight: 650 },
    h5: { fontSize: '1rem', fontWeight: 650 },
    h6: { fontSize: '0.9375rem', fontWeight: 650 },
    subtitle2: { fontWeight: 600, color: ink[700] },
    overline: { fontSize: '0.6875rem', fontWeight: 700, letterSpacing: '0.08em', lineHeight: 2 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased' },
        // A visible focus ring everywhere: MUI controls draw their own (below), the rest get an outline.
        '*:focus-visible': { outline: `2px solid ${alpha(primary, 0.55)}`, outlineOffset: 2 },
        '.MuiButtonBase-root:focus-visible, .MuiInputBase-input:focus-visible, .MuiTableRow-root:focus-visible, #main:focus-visible':
          { outline: 'none' },
        '@media print': { body: { background: '#fff' } },
        // Required marker with empty alternative text (see editor/fields/required.ts).
        '.sl-required::after': { content: '" *" / ""' },
      },
    },
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    // A read-only field's hint stays readable (the disabled grey fails contrast for text this small).
    MuiFormHelperText: {
      styleOverrides: { root: { '&.Mui-disabled': { color: ink[500] } } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          borderRadius: 8,
          paddingInline: 14,
          whiteSpace: 'nowrap',
          '&.Mui-focusVisible': { boxShadow: focusRing },
        },
        sizeSmall: { paddingInline: 10 },
      },
    },
    MuiIconButton: {
      styleOverrides: { root: { borderRadius: 8, '&.Mui-focusVisible': { boxShadow: focusRing } } },
    },
    MuiListItemButton: {
      styleOverrides: { root: { '&.Mui-focusVisible': { boxShadow: `inset ${focusRing}` } } },
    },
    MuiTab: {
      styleOverrides: { root: { minHeight: 44, '&.Mui-focusVisible': { boxShadow: `inset ${focusRing}` } } },
    },
    MuiTableSortLabel: {
      styleOverrides: { root: { borderRadius: 4, '&.Mui-focusVisible': { boxShadow: focusRing } } },
    },
    MuiTabs: { styleOverrides: { root: { minHeight: 44 } } },
    MuiLink: {
      styleOverrides: {
        root: {
          fontWeight: 600,
          '&.Mui-focusVisible, &:focus-visible': { boxShadow: focusRing, borderRadius: 4 },
        },
      },
    },
    MuiCheckbox: { styleOverrides: { root: { '&.Mui-focusVisible': { boxShadow: focusRing } } } },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: { borderColor: ink[200] } },
    },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          backgroundColor: '#fff',
          '&.Mui-focused': { boxShadow: focusRing },
          '&.Mui-disabled': { backgroundColor: ink[50] },
        },
        notchedOutline: { borderColor: ink[300] },
      },
    },
    MuiTableCell: {
      styleOverrides: {
        root: { borderColor: ink[200], paddingTop: 9, paddingBottom: 9 },
        head: {
          backgroundColor: ink[50],
          color: ink[500],
          fontSize: '0.75rem',
          fontWeight: 650,
          textTransform: 'uppercase',
          letterSpacing: '0.04em',
          whiteSpace: 'nowrap',
        },
      },
    },
    MuiTableRow: {
      styleOverrides: {
        root: {
          // The frame draws the table's bottom edge: a body row's header cell (th scope=row) drops
          // its line with the row's other cells, so the last row reads as one line, not a stub.
          '&:last-child td, &:last-child th[scope="row"]': { borderBottom: 0 },
          '&:focus-visible': { boxShadow: `inset ${focusRing}` },
        },
      },
    },
    MuiChip: { styleOverrides: { root: { borderRadius: 6, fontWeight: 500 }, sizeSmall: { height: 22 } } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 14 } } },
    MuiDialogTitle: { styleOverrides: { root: { fontSize: '1.0625rem', fontWeight: 650 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 10, alignItems: 'center' } } },
    MuiSnackbarContent: { styleOverrides: { root: { borderRadius: 10 } } },
    MuiMenu: {
      styleOverrides: {
        paper: { border: `1px solid ${ink[200]}`, boxShadow: '0 12px 32px rgba(15,23,42,.12)' },
      },
    },
  },
});
