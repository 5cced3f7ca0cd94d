/** The drawer's content: logo, site switcher, the menu built from the registry, the version line. */
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import {
  Box,
  Collapse,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Typography,
} from '@mui/material';
import { APP_VERSION } from '@sightline/shared';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../components/BrandMark';
import { visuallyHidden } from '../components/visuallyHidden';
import { features } from '../features';
import type { MenuContext, MenuEntry, MenuLink } from '../navigation/registry';
import { useSitePath } from '../navigation/site-links';
import { useMenuContext } from './menu-context';
import { buildMenu, menuLabel } from './menu-layout';
import { SiteSwitcher } from './SiteSwitcher';

const itemSx = {
  borderRadius: 2,
  mx: 1.5,
  my: 0.25,
  py: 0.75,
  color: 'text.secondary',
  '& .MuiListItemIcon-root': { minWidth: 34, color: 'inherit' },
  '&.Mui-selected': { color: 'primary.main', bgcolor: 'action.selected' },
  '&.Mui-selected:hover': { bgcolor: 'action.selected' },
  '&:hover': { color: 'text.primary' },
} as const;
const textProps = { primary: { variant: 'body2' as const, fontWeight: 600, noWrap: true } };

function isActive(pathname: string, path: string) {
  const target = `/${path}`;
  return pathname === target || pathname.startsWith(`${target}/`);
}

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const ctx = useMenuContext();
  const groups = buildMenu(features, ctx);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 2.5, height: 64, display: 'flex', alignItems: 'center', flexShrink: 0 }}>
        <BrandLogo size={30} />
      </Box>
      <Box sx={{ px: 1.5, pb: 1.5 }}>
        <SiteSwitcher />
      </Box>
      <Box component="nav" aria-label="Main menu" sx={{ flex: 1, overflowY: 'auto', pb: 2 }}>
        {groups.map((group) => (
          <List
            key={group.id}
            dense
            disablePadding
            sx={{ pt: group.title ? 1.5 : 0.5 }}
            subheader={
              group.title ? (
                <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: '28px', px: 3 }}>
                  <Typography variant="overline" color="text.secondary">
                    {group.title}
                  </Typography>
                </ListSubheader>
              ) : undefined
            }
          >
            {group.entries.map((entry) =>
              entry.children || entry.useChildren ? (
                <ParentEntry key={entry.slot} entry={entry} ctx={ctx} onNavigate={onNavigate} />
              ) : (
                <LinkEntry key={entry.slot} entry={entry} ctx={ctx} onNavigate={onNavigate} />
              ),
            )}
          </List>
        ))}
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ px: 3, py: 1.5, borderTop: 1, borderColor: 'divider' }}
      >
        Version {APP_VERSION}
      </Typography>
    </Box>
  );
}

interface EntryProps {
  entry: MenuEntry;
  ctx: MenuContext;
  onNavigate?: () => void;
}

const noBadge = (): number | undefined => undefined;

function LinkEntry({ entry, ctx, onNavigate }: EntryProps) {
  const { pathname } = useLocation();
  const toPath = useSitePath();
  const useBadge = entry.useBadge ?? noBadge;
  const badge = useBadge(ctx) ?? 0;
  const Icon = entry.icon;
  const path = entry.path ?? '';
  const active = isActive(pathname, path);
  const label = menuLabel(entry, ctx);
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        component={Link}
        to={toPath(path)}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={itemSx}
      >
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={label} slotProps={textProps} />
        {badge > 0 && (
          // The count is part of the link's name ('Alerts 3 open'), not only a colour.
          <Box
            component="span"
            data-testid={`menu-badge-${entry.slot}`}
            sx={{
              ml: 1,
              px: 0.75,
              minWidth: 20,
              borderRadius: 10,
              bgcolor: 'error.main',
              color: 'error.contrastText',
              typography: 'caption',
              fontWeight: 700,
              lineHeight: '20px',
              textAlign: 'center',
            }}
          >
            {badge > 999 ? '999+' : badge}
            <span style={visuallyHidden}> open</span>
          </Box>
        )}
      </ListItemButton>
    </ListItem>
  );
}

const noChildren = (): MenuLink[] => [];

function ParentEntry({ entry, ctx, onNavigate }: EntryProps) {
  const { pathname } = useLocation();
  const toPath = useSitePath();
  const useChildren = entry.useChildren ?? noChildren;
  const dynamic = useChildren(ctx);
  const children = [...(entry.children ?? []), ...dynamic];
  const containsActive = children.some((c) => isActive(pathname, c.path));
  const [open, setOpen] = useState(containsActive);
  const Icon = entry.icon;
  // One list item holds the parent button and its collapsible sub-list (a list may only hold items).
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} sx={itemSx}>
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={menuLabel(entry, ctx)} slotProps={textProps} />
        {open ? <ExpandLessRounded fontSize="small" /> : <ExpandMoreRounded fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <List dense disablePadding>
          {children.map((child) => {
            const active = isActive(pathname, child.path);
            return (
              <ListItem key={`${child.path}-${child.label}`} disablePadding sx={{ display: 'block' }}>
                <ListItemButton
                  component={Link}
                  to={toPath(child.path, child.query)}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  sx={{ ...itemSx, pl: 6.25 }}
                >
                  <ListItemText primary={child.label} slotProps={textProps} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Collapse>
    </ListItem>
  );
}
