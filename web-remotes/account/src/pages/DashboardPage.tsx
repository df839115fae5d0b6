import { Box, Container, Stack } from '@mui/material';
import { useDeferredValue, useState } from 'react';
import { QuickActionsCard } from '../dashboard/QuickActionsCard';
import { SearchSectionSlot } from '../dashboard/SearchSectionSlot';
import { WelcomeHeader } from '../dashboard/WelcomeHeader';
import { ProfileDialog } from '../profile/ProfileDialog';
import HelpButton from '../support/HelpButton';
import { GuidedTour } from '../tour/GuidedTour';
import { useTour } from '../tour/useTour';

/**
 * The guided tour in a component of its own: its status arriving re-renders this, not the whole page (a query
 * answer re-renders synchronously, in one task), and the tour opens at transition priority (a deferred value),
 * so React builds its modal in slices while the phone finishes the page.
 */
function DashboardTour() {
  const tour = useTour();
  const open = useDeferredValue(tour.open);
  return <GuidedTour open={open} onComplete={tour.complete} />;
}

/** /dashboard: the signed-in home (spec §2 Dashboard). The shell draws the side bar or bottom bar around it. */
export default function DashboardPage() {
  const [profileOpen, setProfileOpen] = useState(false);

  return (
    <Box data-testid="dashboard" sx={{ pb: 12 }}>
      <WelcomeHeader onOpenProfile={() => setProfileOpen(true)} />
      <Container maxWidth="lg" sx={{ mt: { xs: -1.5, md: -2 } }}>
        <Stack spacing={3}>
          <QuickActionsCard />
          <SearchSectionSlot />
        </Stack>
      </Container>
      <HelpButton />
      <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
      <DashboardTour />
    </Box>
  );
}
