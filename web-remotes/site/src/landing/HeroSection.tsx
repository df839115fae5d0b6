import ForumIcon from '@mui/icons-material/Forum';
import GroupsIcon from '@mui/icons-material/Groups';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Button, Chip, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useGetStarted } from './useGetStarted';

const CLAIMS = [
  { icon: <LocationCityIcon />, label: '50+ cities covered' },
  { icon: <ForumIcon />, label: '24/7 chat' },
  { icon: <GroupsIcon />, label: 'Growing community' },
  { icon: <ScheduleIcon />, label: 'Quick responses' },
];

export function HeroSection() {
  const getStarted = useGetStarted();

  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        color: 'common.white',
        background: 'linear-gradient(135deg, #102a4c 0%, #1f4e8c 60%, #2f6db5 100%)',
        py: { xs: 7, md: 12 },
      }}
    >
      <Container maxWidth="lg">
        <Stack spacing={3} sx={{ maxWidth: 760 }}>
          <Typography
            id="hero-title"
            variant="h3"
            component="h1"
            sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '3rem' } }}
          >
            Never fly alone: find a travel companion for your flight
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9 }}>
            SafarSaathi connects travellers of the Indian community worldwide, so elderly parents and solo
            flyers have someone by their side from gate to gate. Free, and for companionship only.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button
              variant="contained"
              color="secondary"
              size="large"
              onClick={getStarted}
              data-testid="hero-get-started"
            >
              Get Started
            </Button>
            <Button
              component={RouterLink}
              to="/learn-more"
              variant="outlined"
              color="inherit"
              size="large"
              data-testid="hero-learn-more"
            >
              Learn More
            </Button>
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {CLAIMS.map(({ icon, label }) => (
              <Chip
                key={label}
                icon={icon}
                label={label}
                sx={{
                  color: 'common.white',
                  bgcolor: 'rgba(255,255,255,0.14)',
                  '& .MuiChip-icon': { color: 'inherit' },
                }}
              />
            ))}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
