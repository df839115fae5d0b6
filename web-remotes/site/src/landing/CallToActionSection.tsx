import { Box, Button, Container, Typography } from '@mui/material';
import { useGetStarted } from './useGetStarted';
import { useSiteTranslation } from '../i18n';

export function CallToActionSection() {
  const getStarted = useGetStarted();
  const { t } = useSiteTranslation();

  return (
    <Box
      component="section"
      aria-labelledby="cta-title"
      sx={{ py: { xs: 6, md: 9 }, bgcolor: 'primary.main', color: 'common.white' }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography id="cta-title" variant="h4" component="h2" sx={{ fontWeight: 700 }}>
          {t('cta.title')}
        </Typography>
        <Typography sx={{ mt: 1.5, mb: 3, opacity: 0.9 }}>{t('cta.text')}</Typography>
        <Button
          variant="contained"
          color="secondary"
          size="large"
          onClick={getStarted}
          data-testid="cta-sign-up"
        >
          {t('cta.signUp')}
        </Button>
      </Container>
    </Box>
  );
}
