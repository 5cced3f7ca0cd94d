/**
 * The main layout: a permanent drawer from md up, a temporary one below it; the top
 * bar with search and the profile menu. Print mode (`?print=1` or printing) shows only the page.
 */
import MenuRounded from '@mui/icons-material/MenuRounded';
import {
  AppBar,
  Box,
  Drawer,
  GlobalStyles,
  IconButton,
  LinearProgress,
  Toolbar,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Suspense, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import { LiveProvider } from '../api/live';
import { AlertNotifier } from '../features/exceptions/alert-notifications';
import { LIVE_RESYNC, LIVE_RULES } from './live-rules';
import { ProfileMenu } from './ProfileMenu';
import { RouteGate } from './RouteGate';
import { SideMenu } from './SideMenu';
import { TopSearch } from './TopSearch';
import { DRAWER_WIDTH } from './theme';

const hideControls = {
  '.no-print': { display: 'none !important' },
  '.shell-main': { marginLeft: '0 !important', padding: '0 !important', width: '100% !important' },
};
const printStyles = <GlobalStyles styles={{ '@media print': hideControls }} />;
/** `?print=1` looks like the printed page: no menu, top bar or on-screen controls. */
const printModeStyles = <GlobalStyles styles={hideControls} />;

/**
 * The shell with the live stream of the selected site (one stream for every screen), and the
 * browser notifications of new alerts, which the user may turn on (off by default).
 */
export function Shell() {
  return (
    <LiveProvider rules={LIVE_RULES} resync={LIVE_RESYNC}>
      <AlertNotifier />
      <ShellLayout />
    </LiveProvider>
  );
}

function ShellLayout() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const print = search.get('print') === '1';

  if (print) {
    return (
      <Box component="main" className="shell-main" sx={{ p: 3 }}>
        {printModeStyles}
        <RouteGate />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {printStyles}
      <Box component="a" href="#main" sx={skipLinkSx} className="no-print">
        Skip to content
      </Box>
      <AppBar
        position="fixed"
        className="no-print"
        sx={{
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
          ml: { md: `${DRAWER_WIDTH}px` },
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'rgba(255,255,255,0.92)',
          backdropFilter: 'blur(8px)',
        }}
      >
        <Toolbar sx={{ gap: 1.5, minHeight: { xs: 64 } }}>
          {!wide && (
            <Tooltip title="Open menu">
              <IconButton aria-label="Open menu" edge="start" onClick={() => setMobileOpen(true)}>
                <MenuRounded />
              </IconButton>
            </Tooltip>
          )}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <TopSearch />
          </Box>
          <ProfileMenu />
        </Toolbar>
        {navigation.state === 'loading' && (
          <LinearProgress
            aria-label="Loading"
            sx={{ position: 'absolute', bottom: 0, left: 0, right: 0, height: 2 }}
          />
        )}
      </AppBar>
      <Box component="aside" className="no-print" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          variant={wide ? 'permanent' : 'temporary'}
          open={wide || mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          slotProps={{
            paper: {
              // On a phone the menu opens as a dialog, which needs a name; docked, it is no dialog.
              'aria-label': wide ? undefined : 'Menu',
              sx: {
                width: DRAWER_WIDTH,
                boxSizing: 'border-box',
                bgcolor: '#fbfcfe',
                borderColor: 'divider',
              },
            },
          }}
        >
          <SideMenu onNavigate={wide ? undefined : () => setMobileOpen(false)} />
        </Drawer>
      </Box>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        className="shell-main"
        sx={{
          flex: 1,
          minWidth: 0,
          px: { xs: 2, sm: 3, lg: 4 },
          pt: { xs: 10, sm: 11 },
          pb: 6,
          outline: 'none',
        }}
      >
        <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
          <Suspense fallback={<LinearProgress aria-label="Loading" />}>
            <RouteGate />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}

const skipLinkSx = {
  position: 'absolute',
  left: 8,
  top: -48,
  zIndex: 2000,
  px: 2,
  py: 1,
  borderRadius: 2,
  bgcolor: 'primary.main',
  color: 'primary.contrastText',
  fontWeight: 600,
  '&:focus': { top: 8 },
} as const;
