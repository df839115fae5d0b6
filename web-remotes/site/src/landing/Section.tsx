import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title: string;
  subtitle?: string;
  tinted?: boolean;
  children: ReactNode;
}

/** A landing-page band: heading, optional subtitle, content. */
export function Section({ id, title, subtitle, tinted = false, children }: SectionProps) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{ py: { xs: 6, md: 9 }, bgcolor: tinted ? 'background.paper' : 'transparent' }}
    >
      <Container maxWidth="lg">
        <Typography
          id={`${id}-title`}
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700, textAlign: 'center' }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1.5, maxWidth: 680, mx: 'auto' }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: { xs: 4, md: 6 } }}>{children}</Box>
      </Container>
    </Box>
  );
}
