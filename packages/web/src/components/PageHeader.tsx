/** The title row of a screen: optional back link, title, subtitle and actions on the right. */
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useSiteNavigate } from '../navigation/site-links';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  backTo?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, backTo, actions }: PageHeaderProps) {
  const navigate = useSiteNavigate();
  return (
    <Stack
      direction="row"
      alignItems="center"
      spacing={1.5}
      // Gaps rather than margins, so actions that wrap below the title still sit at the right.
      useFlexGap
      sx={{ mb: 2.5, flexWrap: 'wrap', rowGap: 1.5 }}
      className="page-header"
    >
      {backTo && (
        <Tooltip title="Back">
          <IconButton aria-label="Back" onClick={() => navigate(backTo)} edge="start" className="no-print">
            <ArrowBackRounded />
          </IconButton>
        </Tooltip>
      )}
      {/* Phones: the title keeps its width (up to the row's) and the actions wrap below it. */}
      <Stack
        sx={{
          flex: { xs: '1 0 auto', sm: 1 },
          minWidth: 0,
          maxWidth: { xs: backTo ? 'calc(100% - 56px)' : '100%', sm: 'none' },
        }}
      >
        <Typography variant="h2" component="h1" noWrap>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {subtitle}
          </Typography>
        )}
      </Stack>
      {actions && (
        <Stack
          direction="row"
          alignItems="center"
          className="no-print"
          sx={{
            gap: 1,
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            ml: 'auto',
            // Phones: text-only buttons so Save, Delete and a screen action share one row.
            '& .MuiButton-root': { px: { xs: 1.25, sm: 1.75 } },
            '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
          }}
        >
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
