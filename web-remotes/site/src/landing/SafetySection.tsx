import CancelIcon from '@mui/icons-material/EventBusy';
import LockIcon from '@mui/icons-material/Lock';
import PeopleIcon from '@mui/icons-material/People';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Grid } from '@mui/material';
import { FeatureCard } from './FeatureCard';
import { Section } from './Section';
import { useSiteTranslation } from '../i18n';

const POINTS = [
  { icon: <PeopleIcon color="primary" />, key: 'adults' },
  { icon: <VerifiedUserIcon color="primary" />, key: 'verified' },
  { icon: <LockIcon color="primary" />, key: 'private' },
  { icon: <CancelIcon color="primary" />, key: 'control' },
] as const;

export function SafetySection() {
  const { t } = useSiteTranslation();
  return (
    <Section id="safety" title={t('safety.title')} tinted>
      <Grid container spacing={3}>
        {POINTS.map(({ icon, key }) => (
          <Grid key={key} size={{ xs: 12, sm: 6, md: 3 }}>
            <FeatureCard icon={icon} title={t(`safety.${key}.title`)}>
              {t(`safety.${key}.text`)}
            </FeatureCard>
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
