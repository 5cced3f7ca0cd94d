/** The Home dashboard: Zone Overview, Endpoint Status and the open exceptions of the site. */
import { Box } from '@mui/material';
import { useSession } from '../../api/session-context';
import { PageHeader } from '../../components';
import { EndpointStatusCard } from './EndpointStatusCard';
import { RecentExceptionsCard } from './RecentExceptionsCard';
import { ZoneOverviewCard } from './ZoneOverviewCard';

export default function HomePage() {
  const { site } = useSession();
  return (
    <>
      <PageHeader title="Home" subtitle={site?.name} />
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <ZoneOverviewCard />
        <RecentExceptionsCard />
        <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
          <EndpointStatusCard />
        </Box>
      </Box>
    </>
  );
}
