import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  Snackbar,
  Stack,
  Typography,
} from '@mui/material';
import DialogContentText from '@mui/material/DialogContentText';
import { LIMITS, todayIso, travelPlanStatus, type TravelPlanView } from '@safarsaathi/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TRAVELS_KEY, companionApi } from '../api';
import { formatDate } from '../common/format';
import { TravelPlanDetailsDialog } from '../travel/TravelPlanDetailsDialog';
import { ShareDialog } from '../share/ShareDialog';
import { Detail } from '../common/Detail';
import { useCompanionTexts } from '../i18n';

const STATUS_COLOR = { upcoming: 'primary', active: 'success', completed: 'default' } as const;

/** /travel-list (spec §2 Travel List). */
export default function TravelListPage() {
  const T = useCompanionTexts().travel;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const today = todayIso();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; plan: TravelPlanView } | null>(null);
  const [toDelete, setToDelete] = useState<TravelPlanView | null>(null);
  const { state } = useLocation();
  // 'Travel plan updated.' after an edit (the form goes back here with it).
  const [notice, setNotice] = useState<string | null>(
    state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string'
      ? state.notice
      : null,
  );
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const edit = (planId: string) => void navigate(`/travel-form?edit=${encodeURIComponent(planId)}`);

  const plans = useQuery({
    queryKey: TRAVELS_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await companionApi.travels(signal);
      } catch (error) {
        if (signal.aborted) throw error;
        console.error('Failed to fetch travel plans', error);
        return [] as TravelPlanView[];
      }
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) => companionApi.deleteTravel(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TRAVELS_KEY }),
    onError: (error) => console.error('Failed to delete travel plan', error),
    onSettled: () => setToDelete(null),
  });

  // Share opens the share dialog: the plan's read-only link for family (issue 14).
  const [sharing, setSharing] = useState<string | null>(null);
  const share = (plan: TravelPlanView) => setSharing(plan.id);

  let content;
  if (plans.isPending) {
    content = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }}>
        <CircularProgress size={24} />
        <Typography color="text.secondary">{T.loading}</Typography>
      </Stack>
    );
  } else if ((plans.data ?? []).length === 0) {
    content = (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {T.empty}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/travel-form')}>
          {T.addPlan}
        </Button>
      </Box>
    );
  } else {
    content = (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {plans.data!.map((plan) => {
          const status = travelPlanStatus(plan.date.slice(0, 10), today);
          return (
            <Card key={plan.id} variant="outlined" sx={{ borderRadius: 3 }} data-testid="travel-plan-card">
              <CardContent>
                <Stack
                  direction="row"
                  sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}
                >
                  <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                    {plan.from} → {plan.to}
                  </Typography>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <Chip
                      size="small"
                      color={STATUS_COLOR[status]}
                      label={status}
                      sx={{ textTransform: 'capitalize' }}
                    />
                    <IconButton
                      aria-label={T.actions}
                      onClick={(e) => setMenu({ anchor: e.currentTarget, plan })}
                    >
                      <MoreVertIcon />
                    </IconButton>
                  </Stack>
                </Stack>
                <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr' }}>
                  <Detail label={T.travelDate} value={formatDate(plan.date)} />
                  <Detail label={T.time} value={plan.time || LIMITS.defaultTravelTime} />
                  <Detail label={T.lookingFor} value={plan.helpNeeded ? T.help : T.toHelp} />
                  <Detail label={T.flight} value={plan.flightNumber || T.notSpecified} />
                </Box>
                {plan.description && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                    {plan.description}
                  </Typography>
                )}
              </CardContent>
              <CardActions sx={{ px: 2, pb: 2 }}>
                <Button size="small" variant="outlined" onClick={() => setDetailsId(plan.id)}>
                  {T.viewDetails}
                </Button>
                <Button size="small" onClick={() => share(plan)}>
                  {T.share}
                </Button>
              </CardActions>
            </Card>
          );
        })}
      </Box>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', md: '2.125rem' } }}
        >
          {T.listTitle}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/travel-form')}>
          {T.addPlan}
        </Button>
      </Stack>
      {content}

      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            edit(menu!.plan.id);
            setMenu(null);
          }}
        >
          {T.edit}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setToDelete(menu!.plan);
            setMenu(null);
          }}
        >
          {T.delete}
        </MenuItem>
        <MenuItem
          onClick={() => {
            share(menu!.plan);
            setMenu(null);
          }}
        >
          {T.share}
        </MenuItem>
      </Menu>

      <TravelPlanDetailsDialog
        planId={detailsId}
        onClose={() => setDetailsId(null)}
        onEdit={edit}
        onShare={(planId) => {
          setDetailsId(null);
          setSharing(planId);
        }}
      />
      <ShareDialog
        trip={sharing ? { kind: 'travel-plan', id: sharing } : null}
        onClose={() => setSharing(null)}
      />

      <Dialog open={toDelete !== null} onClose={() => setToDelete(null)} aria-labelledby="delete-plan-title">
        <DialogTitle id="delete-plan-title">{T.deleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{T.deleteText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToDelete(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => toDelete && remove.mutate(toDelete.id)}
          >
            {T.delete}
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar open={notice !== null} autoHideDuration={3000} onClose={() => setNotice(null)}>
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      </Snackbar>
    </Container>
  );
}
