import ChatIcon from '@mui/icons-material/Chat';
import FavoriteIcon from '@mui/icons-material/Favorite';
import PublicIcon from '@mui/icons-material/Public';
import TuneIcon from '@mui/icons-material/Tune';
import { Grid } from '@mui/material';
import { FeatureCard } from './FeatureCard';
import { Section } from './Section';

const REASONS = [
  {
    icon: <FavoriteIcon color="secondary" />,
    title: 'Free for everyone',
    text: 'A community platform: no fees, no subscriptions, no payments through the site.',
  },
  {
    icon: <PublicIcon color="secondary" />,
    title: 'Our community, worldwide',
    text: 'Travellers of the Indian community in many countries, flying the routes your family flies.',
  },
  {
    icon: <TuneIcon color="secondary" />,
    title: 'Matches that fit',
    text: 'Requests are matched on travel dates, airports and the help that is needed.',
  },
  {
    icon: <ChatIcon color="secondary" />,
    title: 'Private chat',
    text: 'Talk to your match directly before the trip and plan the journey together.',
  },
];

export function WhyChooseSection() {
  return (
    <Section id="why-choose" title="Why choose SafarSaathi" tinted>
      <Grid container spacing={3}>
        {REASONS.map(({ icon, title, text }) => (
          <Grid key={title} size={{ xs: 12, sm: 6, md: 3 }}>
            <FeatureCard icon={icon} title={title}>
              {text}
            </FeatureCard>
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
