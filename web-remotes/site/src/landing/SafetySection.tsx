import CancelIcon from '@mui/icons-material/EventBusy';
import LockIcon from '@mui/icons-material/Lock';
import PeopleIcon from '@mui/icons-material/People';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Grid } from '@mui/material';
import { FeatureCard } from './FeatureCard';
import { Section } from './Section';

const POINTS = [
  {
    icon: <PeopleIcon color="primary" />,
    title: 'Adults only',
    text: 'SafarSaathi is for travellers aged 18 and over, for companionship only.',
  },
  {
    icon: <VerifiedUserIcon color="primary" />,
    title: 'Verified email',
    text: 'Every account signs in with a one-time code sent to its email address.',
  },
  {
    icon: <LockIcon color="primary" />,
    title: 'Private conversations',
    text: 'Chats are between you and your match and are not monitored, so use your judgment and stay safe.',
  },
  {
    icon: <CancelIcon color="primary" />,
    title: 'You stay in control',
    text: 'Cancel a request at any time, and meet only in public areas of the airport.',
  },
];

export function SafetySection() {
  return (
    <Section id="safety" title="Safety and trust" tinted>
      <Grid container spacing={3}>
        {POINTS.map(({ icon, title, text }) => (
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
