import { Box, Button, Container, Typography } from '@mui/material';
import { useGetStarted } from './useGetStarted';

export function CallToActionSection() {
  const getStarted = useGetStarted();

  return (
    <Box
      component="section"
      aria-labelledby="cta-title"
      sx={{ py: { xs: 6, md: 9 }, bgcolor: 'primary.main', color: 'common.white' }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography id="cta-title" variant="h4" component="h2" sx={{ fontWeight: 700 }}>
          Ready for your next journey?
        </Typography>
        <Typography sx={{ mt: 1.5, mb: 3, opacity: 0.9 }}>
          Join the community and find someone to travel with, or help someone travel with you.
        </Typography>
        <Button
          variant="contained"
          color="secondary"
          size="large"
          onClick={getStarted}
          data-testid="cta-sign-up"
        >
          Sign up free
        </Button>
      </Container>
    </Box>
  );
}
