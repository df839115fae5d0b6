import { Avatar, Grid, Stack, Typography } from '@mui/material';
import { Section } from './Section';

const STEPS = [
  {
    title: 'Sign up with your email',
    text: 'Enter your email address and the one-time code we send you. No password to remember.',
  },
  {
    title: 'Create a request',
    text: 'Say that you need a companion or can offer one, with your flight, dates and languages.',
  },
  {
    title: 'Find a match',
    text: 'We match requests on dates, airports and service, and let you know when there is one.',
  },
  { title: 'Connect', text: 'Chat with your match, agree on the details and travel together.' },
];

export function HowItWorksSection() {
  return (
    <Section id="how-it-works" title="How it works" subtitle="Four steps from sign-up to take-off.">
      <Grid container spacing={4} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {STEPS.map(({ title, text }, index) => (
          <Grid key={title} size={{ xs: 12, sm: 6, md: 3 }} component="li">
            <Stack
              spacing={1.5}
              sx={{ alignItems: { xs: 'flex-start', md: 'center' }, textAlign: { md: 'center' } }}
            >
              <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 700 }} aria-hidden>
                {index + 1}
              </Avatar>
              <Typography variant="h6" component="h3">
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </Stack>
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
