import ChatIcon from '@mui/icons-material/Chat';
import FavoriteIcon from '@mui/icons-material/Favorite';
import PublicIcon from '@mui/icons-material/Public';
import TuneIcon from '@mui/icons-material/Tune';
import { Grid } from '@mui/material';
import { FeatureCard } from './FeatureCard';
import { Section } from './Section';
import { useSiteTranslation } from '../i18n';

const REASONS = [
  { icon: <FavoriteIcon color="secondary" />, key: 'free' },
  { icon: <PublicIcon color="secondary" />, key: 'community' },
  { icon: <TuneIcon color="secondary" />, key: 'matches' },
  { icon: <ChatIcon color="secondary" />, key: 'chat' },
] as const;

export function WhyChooseSection() {
  const { t } = useSiteTranslation();
  return (
    <Section id="why-choose" title={t('whyChoose.title')} tinted>
      <Grid container spacing={3}>
        {REASONS.map(({ icon, key }) => (
          <Grid key={key} size={{ xs: 12, sm: 6, md: 3 }}>
            <FeatureCard icon={icon} title={t(`whyChoose.${key}.title`)}>
              {t(`whyChoose.${key}.text`)}
            </FeatureCard>
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
