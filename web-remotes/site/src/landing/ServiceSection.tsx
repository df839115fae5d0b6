import FlightIcon from '@mui/icons-material/Flight';
import TranslateIcon from '@mui/icons-material/Translate';
import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Section } from './Section';

export function ServiceSection() {
  return (
    <Section id="service" title="Our Service" subtitle="One service, done with care.">
      <Card variant="outlined" sx={{ maxWidth: 720, mx: 'auto' }}>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Stack spacing={2}>
            <Typography variant="h5" component="h3" sx={{ fontWeight: 700 }}>
              Travel Companion
            </Typography>
            <Typography color="text.secondary">
              Ask for a companion for yourself or a family member, often an elderly parent or a first-time
              solo flyer, or offer to accompany someone on a flight you are already taking.
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Chip icon={<FlightIcon />} label="Gate-to-gate help" color="primary" variant="outlined" />
              <Chip icon={<TranslateIcon />} label="Language support" color="primary" variant="outlined" />
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Section>
  );
}
