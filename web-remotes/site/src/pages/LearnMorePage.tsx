import { Box, Button, Container, Link, Stack, Typography } from '@mui/material';
import { SUPPORT_EMAIL } from '@safarsaathi/contracts';
import { SUPPORT_MAILTO } from '@safarsaathi/web-kit';
import type { ReactNode } from 'react';
import { useGetStarted } from '../landing/useGetStarted';
import { useSiteTranslation } from '../i18n';

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
  const { t } = useSiteTranslation();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Stack spacing={4}>
        <Box>
          <Typography
            variant="h3"
            component="h1"
            sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.75rem' } }}
          >
            {t('learnMore.title')}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, mt: 1 }}>
            {t('learnMore.subtitle')}
          </Typography>
        </Box>
        <AboutBlock title={t('learnMore.whyTitle')}>{t('learnMore.why')}</AboutBlock>
        <AboutBlock title={t('learnMore.whatTitle')}>{t('learnMore.what')}</AboutBlock>
        <AboutBlock title={t('learnMore.freeTitle')}>{t('learnMore.free')}</AboutBlock>
        <AboutBlock title={t('learnMore.safetyTitle')}>{t('learnMore.safety')}</AboutBlock>
        <AboutBlock title={t('learnMore.contactTitle')}>
          {t('learnMore.contact')} <Link href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</Link>
        </AboutBlock>
        <Box>
          <Button variant="contained" size="large" onClick={getStarted}>
            {t('learnMore.getStarted')}
          </Button>
        </Box>
      </Stack>
    </Container>
  );
}
