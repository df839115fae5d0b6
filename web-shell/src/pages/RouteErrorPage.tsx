import { Button, Container, Typography } from '@mui/material';
import { useRouteError } from 'react-router';

/** Last resort for an error in the shell itself (remotes have their own fallback). */
export function RouteErrorPage() {
  console.error('Unexpected error in the shell', useRouteError());
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Please reload the page. If it keeps happening, try again later.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Container>
  );
}
