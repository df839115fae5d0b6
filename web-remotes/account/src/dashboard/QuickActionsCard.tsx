import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import FlightOutlinedIcon from '@mui/icons-material/FlightOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { Avatar, Box, Card, CardActionArea, Chip, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ACCOUNT_TEXT } from '../messages';

interface QuickAction {
  to: string;
  icon: ReactNode;
  title: string;
  subtitle: string;
  chips?: readonly string[];
  testId: string;
  tour?: string;
}

const QUICK_ACTIONS: readonly QuickAction[] = [
  {
    to: '/companion-service',
    icon: <PeopleAltOutlinedIcon />,
    title: ACCOUNT_TEXT.companionTitle,
    subtitle: ACCOUNT_TEXT.companionSubtitle,
    chips: ['Gate-to-gate help', 'Language support'],
    testId: 'quick-action-companion',
    tour: 'companion-card',
  },
  {
    to: '/travel-list',
    icon: <FlightOutlinedIcon />,
    title: ACCOUNT_TEXT.travelPlansTitle,
    subtitle: ACCOUNT_TEXT.travelPlansSubtitle,
    testId: 'quick-action-travel-plans',
  },
];

function QuickActionCard({ action }: { action: QuickAction }) {
  return (
    <Card variant="outlined" data-tour={action.tour} sx={{ borderRadius: 3 }}>
      <CardActionArea component={RouterLink} to={action.to} data-testid={action.testId} sx={{ p: 2, height: '100%' }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>{action.icon}</Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {action.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {action.subtitle}
            </Typography>
            {action.chips && (
              <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
                {action.chips.map((chip) => (
                  <Chip key={chip} size="small" label={chip} />
                ))}
              </Stack>
            )}
          </Box>
          <ArrowForwardIcon color="action" aria-hidden />
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/** The Quick Actions card: the companion service (the one service with a screen) and the travel plans. */
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
        {QUICK_ACTIONS.map((action) => (
          <QuickActionCard key={action.to} action={action} />
        ))}
      </Box>
    </Paper>
  );
}
