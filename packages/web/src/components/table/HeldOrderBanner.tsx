/**
 * The banner of a list holding still (held-order.ts): "N updated — show", at the bottom of the
 * table's visible area (sticky, so it never pushes a row), inside the area that holds the order.
 * While it shows, it takes its own room below the last row (`BANNER_ROOM`), so at the end of the
 * list it sits under the last row or card instead of over it.
 */
import { Box, Button, Paper, Typography } from '@mui/material';

/** Height the banner takes below the list while it shows (px): its button and a margin. */
const BANNER_ROOM = 48;

export function HeldOrderBanner({ pending, onShow }: { pending: number; onShow: () => void }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'sticky',
        bottom: 8,
        left: 0,
        height: pending > 0 ? BANNER_ROOM : 0,
        overflow: 'visible',
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'flex-end',
        zIndex: 4,
        pointerEvents: 'none',
      }}
    >
      {pending > 0 && (
        <Paper
          elevation={3}
          className="no-print"
          data-testid="held-order-banner"
          sx={{
            pointerEvents: 'auto',
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            pl: 2,
            pr: 0.5,
            py: 0.25,
          }}
        >
          <Typography variant="body2">{pending} updated —</Typography>
          <Button size="small" onClick={onShow}>
            show
          </Button>
        </Paper>
      )}
    </Box>
  );
}
