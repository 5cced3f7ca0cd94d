/** The drawer's site switcher shows the site name or 'Site'; a dropdown only with 2+ sites. */
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import {
  Box,
  ButtonBase,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useSession } from '../api/session-context';

export function SiteSwitcher() {
  const { sites, site, setSite } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choosable = sites.length > 1;
  const content = (
    <Stack direction="row" alignItems="center" spacing={1.25} sx={{ width: '100%', minWidth: 0 }}>
      <Box
        sx={{
          width: 32,
          height: 32,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.selected',
          color: 'primary.main',
          flexShrink: 0,
        }}
      >
        <PlaceOutlined fontSize="small" />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1, textAlign: 'left' }}>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.2 }}>
          Site
        </Typography>
        <Typography variant="subtitle2" noWrap sx={{ color: 'text.primary' }}>
          {site?.name ?? 'Site'}
        </Typography>
      </Box>
      {choosable && <ExpandMoreRounded fontSize="small" sx={{ color: 'text.secondary' }} />}
    </Stack>
  );
  const frame = {
    width: '100%',
    p: 1,
    borderRadius: 2,
    border: 1,
    borderColor: 'divider',
    bgcolor: 'background.paper',
  };
  if (!choosable) return <Box sx={frame}>{content}</Box>;
  return (
    <>
      <ButtonBase
        sx={{
          ...frame,
          '&:hover': { borderColor: 'text.secondary' },
          '&.Mui-focusVisible': { borderColor: 'primary.main', boxShadow: '0 0 0 3px rgba(31,79,209,0.35)' },
        }}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="listbox"
        aria-controls={anchor ? menuId : undefined}
        // No aria-label: the visible text ("Site", the site's name) is the accessible name (WCAG 2.5.3).
      >
        {content}
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 232, maxHeight: 420 } } }}
      >
        {sites.map((s) => (
          <MenuItem
            key={s._id}
            selected={s._id === site?._id}
            onClick={() => {
              setAnchor(null);
              setSite(s._id);
            }}
          >
            <ListItemIcon>
              <PlaceOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={s.name} secondary={s.city || undefined} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
