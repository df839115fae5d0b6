import { Container, Paper } from '@mui/material';
import type { ReactNode } from 'react';

/** The centred card of the /login and /otp-verification pages. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Paper elevation={2} sx={{ p: { xs: 2.5, sm: 4 } }}>
        {children}
      </Paper>
    </Container>
  );
}
