import FlightIcon from '@mui/icons-material/Flight';
import TranslateIcon from '@mui/icons-material/Translate';
import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Section } from './Section';
import { useSiteTranslation } from '../i18n';

export function ServiceSection() {
  const { t } = useSiteTranslation();
  return (
    <Section id="service" title={t('service.title')} subtitle={t('service.subtitle')}>
      <Card variant="outlined" sx={{ maxWidth: 720, mx: 'auto' }}>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Stack spacing={2}>
            <Typography variant="h5" component="h3" sx={{ fontWeight: 700 }}>
              {t('service.name')}
            </Typography>
            <Typography color="text.secondary">{t('service.text')}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Chip
                icon={<FlightIcon />}
                label={t('service.gateToGate')}
                color="primary"
                variant="outlined"
              />
              <Chip
                icon={<TranslateIcon />}
                label={t('service.language')}
                color="primary"
                variant="outlined"
              />
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Section>
  );
}
