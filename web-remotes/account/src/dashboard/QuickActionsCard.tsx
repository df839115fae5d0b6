import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { Avatar, Box, Card, CardActionArea, Chip, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { ACCOUNT_TEXT } from '../messages';

/** The Quick Actions card: one card per service; only the companion service exists. */
export function QuickActionsCard() {
  return (
    <Paper
      component="section"
      aria-labelledby="quick-actions-heading"
      data-tour="service-cards"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography id="quick-actions-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {ACCOUNT_TEXT.quickActions}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        <Card variant="outlined" data-tour="companion-card" sx={{ borderRadius: 3 }}>
          <CardActionArea
            component={RouterLink}
            to="/companion-service"
            data-testid="quick-action-companion"
            sx={{ p: 2, height: '100%' }}
          >
            <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>
                <PeopleAltOutlinedIcon />
              </Avatar>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  {ACCOUNT_TEXT.companionTitle}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {ACCOUNT_TEXT.companionSubtitle}
                </Typography>
                <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
                  <Chip size="small" label="Gate-to-gate help" />
                  <Chip size="small" label="Language support" />
                </Stack>
              </Box>
              <ArrowForwardIcon color="action" aria-hidden />
            </Stack>
          </CardActionArea>
        </Card>
      </Box>
    </Paper>
  );
}
