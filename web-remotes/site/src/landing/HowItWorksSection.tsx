import { Avatar, Grid, Stack, Typography } from '@mui/material';
import { Section } from './Section';
import { useSiteTranslation } from '../i18n';

const STEPS = ['signUp', 'request', 'match', 'connect'] as const;

export function HowItWorksSection() {
  const { t } = useSiteTranslation();
  return (
    <Section id="how-it-works" title={t('howItWorks.title')} subtitle={t('howItWorks.subtitle')}>
      <Grid container spacing={4} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {STEPS.map((step, index) => (
          <Grid key={step} size={{ xs: 12, sm: 6, md: 3 }} component="li">
            <Stack
              spacing={1.5}
              sx={{ alignItems: { xs: 'flex-start', md: 'center' }, textAlign: { md: 'center' } }}
            >
              <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 700 }} aria-hidden>
                {index + 1}
              </Avatar>
              <Typography variant="h6" component="h3">
                {t(`howItWorks.${step}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`howItWorks.${step}.text`)}
              </Typography>
            </Stack>
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
