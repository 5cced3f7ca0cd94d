import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API and the SSO routes live on the server (PORT 8080 by default). Proxy keys end with '/'
// because Vite matches them as prefixes: '/api' alone would also swallow the '/apikeys' screen.
const server = process.env.SIGHTLINE_API ?? 'http://localhost:8080';
const MUI_CORE =
  /node_modules\/@mui\/material\/(esm\/)?(styles|utils|internal|zero-styled|DefaultPropsProvider|className|transitions|colors|ButtonBase|Button|IconButton|SvgIcon|Typography|Box|Paper|Stack|TextField|InputBase|OutlinedInput|Input|FilledInput|InputLabel|FormControl|FormLabel|FormHelperText|Link|Alert|CircularProgress|Divider|Portal|Fade|Transition|Select|NativeSelect|Menu|MenuList|Popover|Modal|Backdrop|Unstable_TrapFocus|Grow|List|GlobalStyles|TextareaAutosize|useLazyRipple|ButtonGroup|InitColorSchemeScript)\//;
// The components the signed-in shell (drawer, top bar, menus, search), Home and the list screens
// use, with the pieces they build on (Popper, Modal...): one chunk that loads with the shell
// instead of a dozen 1–3 KB files per screen. Icons the shell and Home show go with it.
const MUI_SHELL =
  /node_modules\/@mui\/material\/(esm\/)?(AppBar|Toolbar|Drawer|Slide|Collapse|Popper|MenuItem|ListItem|ListItemButton|ListItemIcon|ListItemText|ListItemAvatar|ListSubheader|Tooltip|LinearProgress|Skeleton|Table|TableBody|TableCell|TableContainer|TableHead|TableRow|TableFooter|TablePagination|TablePaginationActions|TableSortLabel|Autocomplete|useAutocomplete|Chip|Avatar|Badge|InputAdornment|useMediaQuery|Card|CardContent|CardHeader)\//;
const SHELL_ICONS =
  /node_modules\/@mui\/icons-material\/(esm\/)?(ExpandMoreRounded|TaskAltRounded|RefreshRounded|RouterOutlined|SearchRounded|PlaceOutlined|ErrorOutlineRounded|WarningAmberRounded)\.js/;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api/': { target: server, changeOrigin: false },
      '/auth/': { target: server, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        // React in one chunk; MUI's styling engine, its helpers and the components the login
        // page needs (with what TextField pulls in: Select, Menu, Modal...) in `mui-core`; the
        // shell's, Home's and the lists' components in `mui-shell`, loaded with the shell; every
        // other MUI component with the screens that use it, so login stays under its budget.
        // A module both chunks need must sit in mui-core, or the two chunks import each other.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|react-router|@tanstack\/react-query|scheduler)\//.test(id))
            return 'react';
          if (
            /node_modules\/(@emotion|@mui\/(system|utils|styled-engine|private-theming)|@babel\/runtime|react-transition-group|clsx|prop-types|react-is|stylis|dom-helpers|hoist-non-react-statics)\//.test(
              id,
            )
          )
            return 'mui-core';
          if (MUI_CORE.test(id)) return 'mui-core';
          if (MUI_SHELL.test(id) || SHELL_ICONS.test(id)) return 'mui-shell';
          return undefined;
        },
      },
    },
  },
});
