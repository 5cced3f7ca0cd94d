/** One exception as a list row (icon, '{thing} {message}', time) that opens its detail. */
import { ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { ExceptionRecord } from '@sightline/shared';
import { formatListDateTime } from '../../components/format';
import { useSiteNavigate } from '../../navigation/site-links';
import { ExceptionIcon, exceptionSubject, useAlertMessage } from './exception-text';

export function ExceptionItem({ exception: e, divider }: { exception: ExceptionRecord; divider?: boolean }) {
  const navigate = useSiteNavigate();
  const message = useAlertMessage(e);
  // A list item (lists hold only <li>), with the button inside it.
  return (
    <ListItem disablePadding divider={divider}>
      <ListItemButton onClick={() => navigate(`exceptions/${e._id}`)} sx={{ px: 2.5 }}>
        <ListItemIcon sx={{ minWidth: 36 }}>
          <ExceptionIcon type={e.type} expectedZone={e.expectedZone} />
        </ListItemIcon>
        <ListItemText
          primary={`${exceptionSubject(e)} ${message}`.trim()}
          secondary={formatListDateTime(e.time)}
          slotProps={{ primary: { sx: { fontWeight: 500 } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
