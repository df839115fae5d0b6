import { Box, Button, Container, Link, Stack, Typography } from '@mui/material';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@safarsaathi/contracts';
import { SUPPORT_MAILTO } from '@safarsaathi/web-kit';
import type { ReactNode } from 'react';
import { useGetStarted } from '../landing/useGetStarted';

function AboutBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** `/learn-more`: what the product is, for whom, and how it keeps people safe. */
export default function LearnMorePage() {
  const getStarted = useGetStarted();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Stack spacing={4}>
        <Box>
          <Typography
            variant="h3"
            component="h1"
            sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.75rem' } }}
          >
            About {PRODUCT_NAME}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, mt: 1 }}>
            A free community platform where adult travellers find companions for their flights.
          </Typography>
        </Box>
        <AboutBlock title="Why we exist">
          Many in the Indian community worldwide have parents and grandparents who fly long routes alone,
          through unfamiliar airports and in languages they do not speak. At the same time, other travellers
          are already on those flights and happy to help. {PRODUCT_NAME} brings them together.
        </AboutBlock>
        <AboutBlock title="What you can do">
          Ask for a travel companion for yourself or a family member, or offer companionship, gate-to-gate
          help and language support on a flight you are taking. Requests are matched on travel dates, airports
          and the service needed, and you can chat with your match to plan the journey.
        </AboutBlock>
        <AboutBlock title="Free, and for companionship only">
          {PRODUCT_NAME} is for adults (18+) and for companionship only. It handles no payments. You can
          cancel a request at any time.
        </AboutBlock>
        <AboutBlock title="Your safety">
          Everyone signs in with a one-time code sent to their email address. Chats are private and not
          monitored, so use your judgment: confirm flight details, meet in public areas of the airport and
          keep your family informed.
        </AboutBlock>
        <AboutBlock title="Get in touch">
          Questions or feedback? Write to us at <Link href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</Link>.
        </AboutBlock>
        <Box>
          <Button variant="contained" size="large" onClick={getStarted}>
            Get Started
          </Button>
        </Box>
      </Stack>
    </Container>
  );
}
