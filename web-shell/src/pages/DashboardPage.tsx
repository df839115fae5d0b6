import LogoutIcon from '@mui/icons-material/Logout';
import { AppBar, Box, Button, Container, Paper, Toolbar, Typography } from '@mui/material';
import { BrandLogo, useSession } from '@safarsaathi/web-kit';

/** The signed-in home, deliberately minimal for now: a welcome and a way out. */
export function DashboardPage() {
  const { user, logout } = useSession();

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <AppBar position="sticky" component="header">
        <Toolbar sx={{ gap: 1 }}>
          <BrandLogo inverted />
          <Box sx={{ flexGrow: 1 }} />
          <Button
            color="inherit"
            startIcon={<LogoutIcon />}
            onClick={() => void logout()}
            data-testid="logout-button"
          >
            Logout
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <Paper sx={{ p: { xs: 3, md: 4 } }}>
          <Typography
            variant="h4"
            component="h1"
            data-testid="dashboard-welcome"
            sx={{ wordBreak: 'break-word' }}
          >
            Welcome, {user?.fullname}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, wordBreak: 'break-word' }}>
            Signed in as {user?.email_address}
          </Typography>
        </Paper>
      </Container>
    </Box>
  );
}
