import ForumIcon from '@mui/icons-material/Forum';
import GroupsIcon from '@mui/icons-material/Groups';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Button, Chip, Container, Stack, Typography } from '@mui/material';
import { VISUALLY_HIDDEN } from '@safarsaathi/web-kit';
import { Link as RouterLink } from 'react-router';
import { useGetStarted } from './useGetStarted';
import { useSiteTranslation } from '../i18n';

const CLAIMS = [
  { icon: <LocationCityIcon />, key: 'cities' },
  { icon: <ForumIcon />, key: 'chat' },
  { icon: <GroupsIcon />, key: 'community' },
  { icon: <ScheduleIcon />, key: 'responses' },
] as const;

export function HeroSection() {
  const getStarted = useGetStarted();
  const { t } = useSiteTranslation();

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
            sx={{ fontWeight: 800, fontSize: { xs: 'min(2rem, 9vw)', md: '3rem' } }}
          >
            {t('hero.title')}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9 }}>
            {t('hero.text')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button
              variant="contained"
              color="secondary"
              size="large"
              onClick={getStarted}
              data-testid="hero-get-started"
            >
              {t('hero.getStarted')}
            </Button>
            <Button
              component={RouterLink}
              to="/learn-more"
              variant="outlined"
              color="inherit"
              size="large"
              data-testid="hero-learn-more"
            >
              {t('hero.learnMore')}
              {/* 'Learn More' alone does not say where the link leads (WCAG 2.4.4; search engines read it too). */}
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {t('hero.learnMoreAbout')}
              </Box>
            </Button>
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {CLAIMS.map(({ icon, key }) => (
              <Chip
                key={key}
                icon={icon}
                label={t(`hero.claims.${key}`)}
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
