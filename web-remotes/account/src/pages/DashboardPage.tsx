import { Box, Container, Stack } from '@mui/material';
import { useState } from 'react';
import { QuickActionsCard } from '../dashboard/QuickActionsCard';
import { SearchSectionSlot } from '../dashboard/SearchSectionSlot';
import { WelcomeHeader } from '../dashboard/WelcomeHeader';
import { ProfileDialog } from '../profile/ProfileDialog';
import HelpButton from '../support/HelpButton';
import { GuidedTour } from '../tour/GuidedTour';
import { useTour } from '../tour/useTour';

/** /dashboard: the signed-in home (spec §2 Dashboard). The shell draws the side bar or bottom bar around it. */
export default function DashboardPage() {
  const [profileOpen, setProfileOpen] = useState(false);
  const tour = useTour();

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
      <GuidedTour open={tour.open} onComplete={tour.complete} />
    </Box>
  );
}
