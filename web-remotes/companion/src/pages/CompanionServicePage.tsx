import AddIcon from '@mui/icons-material/Add';
import GroupsIcon from '@mui/icons-material/Groups';
import TranslateIcon from '@mui/icons-material/Translate';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import CardActionArea from '@mui/material/CardActionArea';
import DialogContentText from '@mui/material/DialogContentText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  BROWSER_EVENTS,
  COMPANION_MESSAGES,
  DEFAULT_PARTICIPANT_NAME,
  INTL_LOCALE,
  hasMatch,
  LIMITS,
  TRAVEL_MESSAGES,
  type CompanionRequestView,
  type CompanionRole,
} from '@safarsaathi/contracts';
import {
  ApiError,
  EmbeddedChatDialog,
  NetworkError,
  dispatchWindowEvent,
  fillPlaceholders,
  translateMessage,
  useChatDialog,
  useDelayedCallback,
  useFormat,
  useLiveEvent,
} from '@safarsaathi/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useState, useTransition } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { REQUESTS_KEY, companionApi } from '../api';
import { CancelDialog } from '../companion/CancelDialog';
import { PushPrompt } from '../companion/PushPrompt';
import { CompanionForm, useCompanionForm, type CompanionFormOutput } from '../companion/CompanionForm';
import { createConversationWhenReady } from '../companion/contactConversation';
import { formValuesOf } from '../companion/editValues';
import { RequestCard } from '../companion/RequestCard';
import { useCompanionTexts } from '../i18n';

interface ContactState {
  fromSearchContact?: boolean;
  /** From the search widget: a SearchContactTarget (contracts); older callers may pass a plain name. */
  contactInfo?: {
    target_caseid?: string;
    target_name?: string;
    name?: string;
    fullname?: string;
    passenger_name?: string;
    service_type?: string;
  };
  originalServiceType?: string;
}

/** Who the contact flow's conversation is with, captured when the request is submitted. */
interface ContactTarget {
  caseid: string;
  name: string;
  serviceType?: string;
}

type TabKey = 'mine' | 'new';

function ChoiceCard({
  title,
  action,
  icon,
  onClick,
  busy = false,
}: {
  title: string;
  action: string;
  icon: React.ReactNode;
  onClick: () => void;
  /** Chosen, its form on its way (rendered in the background): the card says so at once. */
  busy?: boolean;
}) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, flex: 1 }}>
      <CardActionArea onClick={onClick} sx={{ height: '100%' }} aria-busy={busy || undefined}>
        <CardContent sx={{ textAlign: 'center', py: 4 }}>
          <Box sx={{ color: 'primary.main', mb: 1 }}>{icon}</Box>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {/* Looks like a button, but the whole card is the one control (no control inside a control). */}
          <Box
            component="span"
            sx={{
              display: 'inline-block',
              mt: 2,
              px: 2,
              py: 0.75,
              borderRadius: 1,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontWeight: 600,
              boxShadow: 2,
            }}
          >
            {action}
          </Box>
          {busy && <LinearProgress sx={{ mt: 2 }} aria-hidden />}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /companion-service (spec §2 Companion Service screen). */
export default function CompanionServicePage() {
  const T = useCompanionTexts().companion;
  const M = useCompanionTexts().formMessages;
  const E = useCompanionTexts().card;
  const D = useCompanionTexts().tripDay;
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schedule = useDelayedCallback();
  const contactState = (location.state ?? null) as ContactState | null;
  const [contactFlow, setContactFlow] = useState(Boolean(contactState?.fromSearchContact));
  const contactName =
    contactState?.contactInfo?.target_name ??
    contactState?.contactInfo?.name ??
    contactState?.contactInfo?.fullname ??
    contactState?.contactInfo?.passenger_name ??
    T.contactFallback;

  // A notice's link, or a new post, names the card to show (`?request=<case id>`).
  const focusCaseid = new URLSearchParams(location.search).get('request');
  const [tab, setTab] = useState<TabKey>(contactFlow && !focusCaseid ? 'new' : 'mine');
  // A new link shows My Companions (set while rendering: the tab follows the address, no effect needed).
  const [shownFocus, setShownFocus] = useState(focusCaseid);
  if (focusCaseid !== shownFocus) {
    setShownFocus(focusCaseid);
    if (focusCaseid) setTab('mine');
  }
  const [role, setRole] = useState<CompanionRole | null>(null);
  const form = useCompanionForm();
  // Edit has a form of its own, so a half-filled new request survives an edit.
  const editForm = useCompanionForm();
  const [editing, setEditing] = useState<CompanionRequestView | null>(null);
  const [editMessage, setEditMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(
    null,
  );
  const [message, setMessage] = useState<{ severity: 'success' | 'warning' | 'error'; text: string } | null>(
    null,
  );
  const [cancelTarget, setCancelTarget] = useState<string | null>(null);
  const [chatError, setChatError] = useState<{ caseid: string; text: string } | null>(null);
  const chat = useChatDialog();
  const { openChat } = chat;
  const [discardAction, setDiscardAction] = useState<(() => void) | null>(null);
  const { locale } = useFormat();
  // Set when the list came from the service worker's cache (no network): when the server sent it.
  const [cachedAt, setCachedAt] = useState<string | null>(null);

  const requests = useQuery({
    queryKey: REQUESTS_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await companionApi.requests(signal, setCachedAt);
      } catch (error) {
        if (signal.aborted) throw error;
        console.error('Failed to fetch companion requests', error);
        return [] as CompanionRequestView[];
      }
    },
  });
  const active = (requests.data ?? []).filter((request) => request.status === 'active');
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }), [queryClient]);
  // A match shows on My Companions as it happens (the spec polls nothing here; a reload was needed).
  useLiveEvent('request.matched', () => void reload());
  // The other party set the meeting point or recorded a milestone (or this user did, in another tab).
  useLiveEvent('request.trip', () => void reload());
  const refreshNotificationsSoon = () =>
    window.setTimeout(
      () => dispatchWindowEvent(BROWSER_EVENTS.refreshNotifications),
      LIMITS.notificationRefreshDelayMs,
    );

  const contactTarget: ContactTarget | null =
    contactFlow && contactState?.contactInfo?.target_caseid
      ? {
          caseid: contactState.contactInfo.target_caseid,
          name: contactName,
          serviceType: contactState.originalServiceType ?? contactState.contactInfo.service_type,
        }
      : null;

  const submit = useMutation({
    mutationFn: async ({ values, target }: { values: CompanionFormOutput; target: ContactTarget | null }) => {
      const response = await companionApi.createRequest(values);
      if (!target) return { response, conversationId: null, chatFailed: false };
      // Contact flow: the conversation with the traveller found in the search, from the new request.
      try {
        const { conversation_id } = await createConversationWhenReady(target.caseid, response.caseid);
        return { response, conversationId: conversation_id, chatFailed: false };
      } catch (error) {
        console.error('Failed to start chat', error);
        return { response, conversationId: null, chatFailed: true };
      }
    },
    onSuccess: ({ response, conversationId, chatFailed }, { target }) => {
      const created = translateMessage(response.message || COMPANION_MESSAGES.created);
      const chatText = target
        ? ` ${conversationId ? fillPlaceholders(M.chatStarted, { name: target.name }) : translateMessage(COMPANION_MESSAGES.chatFailed)}`
        : '';
      // The request exists either way; a chat that could not start is a warning, not a failure.
      setMessage({ severity: chatFailed ? 'warning' : 'success', text: `${created}${chatText}` });
      form.reset();
      const wasContactFlow = contactFlow;
      setContactFlow(false);
      if (wasContactFlow) {
        // The request exists now: nothing left to guard, and a reload must not restart the flow.
        void navigate(location.pathname, { replace: true, state: null });
      }
      if (target && conversationId) {
        openChat({
          conversationId,
          otherParticipantName: target.name,
          serviceType: target.serviceType,
          notice: fillPlaceholders(M.chatStarted, { name: target.name }),
        });
      }
      void reload();
      // Land on the new request's card, which says what happens next (issue 38); the success line stays
      // above the list for a while.
      setRole(null);
      setTab('mine');
      void navigate(
        { pathname: location.pathname, search: `?request=${encodeURIComponent(response.caseid)}` },
        { replace: true, state: null },
      );
      schedule(
        () => setMessage(null),
        wasContactFlow ? LIMITS.successResetContactFlowMs : LIMITS.successResetMs,
      );
    },
    onError: (error) => {
      const text =
        error instanceof ApiError && error.error
          ? `${E.errorPrefix} ${translateMessage(error.error, error.code)}`
          : error instanceof ApiError
            ? `${E.errorPrefix} ${error.message}`
            : translateMessage(COMPANION_MESSAGES.submitFailed);
      setMessage({
        severity: 'error',
        text: error instanceof NetworkError ? translateMessage(COMPANION_MESSAGES.submitFailed) : text,
      });
    },
    onSettled: () => refreshNotificationsSoon(),
  });

  const cancel = useMutation({
    mutationFn: (caseid: string) => companionApi.cancelRequest(caseid),
    onSuccess: () => void reload(),
    onError: (error) => console.error('Failed to cancel companion request', error),
    onSettled: () => {
      setCancelTarget(null);
      refreshNotificationsSoon();
    },
  });

  const startEdit = (request: CompanionRequestView) => {
    editForm.reset(formValuesOf(request));
    setEditMessage(null);
    setEditing(request);
  };
  const save = useMutation({
    mutationFn: ({ caseid, values }: { caseid: string; values: CompanionFormOutput }) =>
      companionApi.updateRequest(caseid, values),
    onSuccess: (answer) => {
      setEditing(null);
      setEditMessage({ severity: 'success', text: translateMessage(answer.message) });
      void reload();
    },
    onError: (error) =>
      setEditMessage({
        severity: 'error',
        text:
          error instanceof ApiError && error.error
            ? `${E.errorPrefix} ${translateMessage(error.error, error.code)}`
            : D.saveFailed,
      }),
    onSettled: () => refreshNotificationsSoon(),
  });

  const contact = useMutation({
    mutationFn: (request: CompanionRequestView) =>
      companionApi.startChat(request.caseid, request.companion_match_caseid ?? ''),
    onMutate: () => setChatError(null),
    onSuccess: (answer, request) => {
      openChat({
        conversationId: answer.conversation_id,
        otherParticipantName: request.matched_companion?.name || DEFAULT_PARTICIPANT_NAME,
        serviceType: 'companion',
      });
    },
    onError: (error, request) => {
      console.error('Failed to start chat', error);
      // Shown on the card whose button was pressed, where the user is looking.
      setChatError({ caseid: request.caseid, text: translateMessage(COMPANION_MESSAGES.startChatFailed) });
    },
  });

  // Contact flow: warn before leaving (browser leave prompt, and a discard dialog for in-app navigation).
  const guarding = contactFlow;
  useEffect(() => {
    if (!guarding) return;
    const handler = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = TRAVEL_MESSAGES.leaveWarning;
      return TRAVEL_MESSAGES.leaveWarning;
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [guarding]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => guarding && currentLocation.pathname !== nextLocation.pathname,
  );
  const discardOpen = discardAction !== null || blocker.state === 'blocked';

  const guarded = (action: () => void) => {
    if (guarding) setDiscardAction(() => action);
    else action();
  };
  const discard = () => {
    const action = discardAction;
    setDiscardAction(null);
    setContactFlow(false);
    form.reset();
    setRole(null);
    if (blocker.state === 'blocked') blocker.proceed();
    else if (action) window.setTimeout(action, 0);
  };
  const keep = () => {
    setDiscardAction(null);
    if (blocker.state === 'blocked') blocker.reset();
  };

  // The form is long (a phone at a quarter of a laptop's speed took 0.6 s to paint it after the tap): the chosen
  // card answers at once and the form renders in the background; the tabs' panels likewise follow the tab.
  const [choosing, setChoosing] = useState<CompanionRole | null>(null);
  const [formPending, startFormTransition] = useTransition();
  const choose = (choice: CompanionRole) => {
    setChoosing(choice);
    startFormTransition(() => startNew(choice));
  };
  const shownTab = useDeferredValue(tab);

  const startNew = (choice?: CompanionRole) => {
    setMessage(null);
    setRole(choice ?? null);
    // The form's rules depend on the role (Passenger Name or Your Name, a booked flight for providers).
    if (choice) form.setValue('serviceType', choice);
    setTab('new');
  };

  const offlineNotice = cachedAt ? (
    <Box sx={{ mb: 2 }}>
      <Alert severity="warning" data-testid="companion-offline" role="status">
        {fillPlaceholders(T.offline, {
          time: new Intl.DateTimeFormat(INTL_LOCALE[locale], {
            dateStyle: 'medium',
            timeStyle: 'short',
          }).format(new Date(cachedAt)),
        })}
      </Alert>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mt: 1 }}
        data-testid="companion-offline-kept-out"
      >
        {T.offlineKeptOut}
      </Typography>
    </Box>
  ) : null;

  let mine;
  if (requests.isPending) {
    mine = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center', py: 6 }}>
        <CircularProgress size={24} />
        <Typography color="text.secondary">{T.loading}</Typography>
      </Stack>
    );
  } else if (active.length === 0) {
    mine = (
      <Box sx={{ textAlign: 'center', py: 6 }} data-testid="companion-empty">
        <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
          {T.emptyTitle}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {T.emptyText}
        </Typography>
        <Button variant="contained" onClick={() => startNew()}>
          {T.getStarted}
        </Button>
      </Box>
    );
  } else if (editing) {
    mine = (
      <CompanionForm
        role={editing.role}
        form={editForm}
        editing
        onBack={() => {
          setEditing(null);
          setEditMessage(null);
        }}
        onSubmit={(values) => {
          setEditMessage(null);
          save.mutate({ caseid: editing.caseid, values });
        }}
        submitting={save.isPending}
        message={editMessage?.severity === 'error' ? editMessage : null}
      />
    );
  } else {
    mine = (
      <Stack spacing={2}>
        {editMessage?.severity === 'success' && (
          <Alert severity="success" onClose={() => setEditMessage(null)} data-testid="edit-message">
            {editMessage.text}
          </Alert>
        )}
        {active.map((request) => (
          <RequestCard
            key={request.caseid}
            request={request}
            onCancel={(r) => setCancelTarget(r.caseid)}
            onEdit={startEdit}
            onContact={(r) => contact.mutate(r)}
            contacting={contact.isPending && contact.variables?.caseid === request.caseid}
            contactError={chatError?.caseid === request.caseid ? chatError.text : null}
            onDismissContactError={() => setChatError(null)}
            focused={request.caseid === focusCaseid}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Box sx={{ mb: 3 }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', md: '2.125rem' } }}
        >
          {T.title}
        </Typography>
        <Typography color="text.secondary">{T.subtitle}</Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
          <Chip icon={<GroupsIcon />} label={T.features.gateToGate} variant="outlined" />
          <Chip icon={<TranslateIcon />} label={T.features.language} variant="outlined" />
        </Stack>
      </Box>

      <Tabs
        value={tab}
        onChange={(_e, next: TabKey) => (next === 'mine' ? guarded(() => setTab('mine')) : setTab(next))}
        variant="fullWidth"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="mine" label={T.tabMine} />
        <Tab value="new" label={T.tabNew} />
      </Tabs>

      {shownTab === 'mine' ? (
        <Box>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}
          >
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {T.activities}
            </Typography>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => startNew()}>
              {T.newRequest}
            </Button>
          </Stack>
          {message && message.severity !== 'error' && (
            // The form's answer, shown where the form led (the same test id as on the form).
            <Alert severity={message.severity} sx={{ mb: 2 }} data-testid="companion-form-message">
              {message.text}
            </Alert>
          )}
          {offlineNotice}
          {!editing && active.some((request) => hasMatch(request)) && (
            <PushPrompt offline={cachedAt !== null} />
          )}
          {mine}
        </Box>
      ) : (
        <Box>
          {contactFlow && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="contact-banner">
              <Typography sx={{ fontWeight: 700 }}>{T.contactBanner}</Typography>
              {fillPlaceholders(T.contactBannerText, { name: contactName })}
            </Alert>
          )}
          {role === null ? (
            <Box>
              {message && (
                <Alert severity={message.severity} sx={{ mb: 2 }}>
                  {message.text}
                </Alert>
              )}
              <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2, textAlign: 'center' }}>
                {T.howHelp}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <ChoiceCard
                  title={T.needTitle}
                  action={T.needAction}
                  icon={<PersonSearchIcon sx={{ fontSize: 48 }} />}
                  onClick={() => choose('need')}
                  busy={formPending && choosing === 'need'}
                />
                <ChoiceCard
                  title={T.provideTitle}
                  action={T.provideAction}
                  icon={<VolunteerActivismIcon sx={{ fontSize: 48 }} />}
                  onClick={() => choose('provide')}
                  busy={formPending && choosing === 'provide'}
                />
              </Stack>
            </Box>
          ) : (
            <CompanionForm
              role={role}
              form={form}
              onBack={() =>
                guarded(() => {
                  setRole(null);
                  setMessage(null);
                })
              }
              onSubmit={(values) => {
                setMessage(null);
                submit.mutate({ values, target: contactTarget });
              }}
              submitting={submit.isPending}
              message={message}
            />
          )}
        </Box>
      )}

      <CancelDialog
        caseid={cancelTarget}
        busy={cancel.isPending}
        onClose={() => setCancelTarget(null)}
        onConfirm={() => cancelTarget && cancel.mutate(cancelTarget)}
      />

      <EmbeddedChatDialog {...chat.dialogProps} />

      <Dialog open={discardOpen} onClose={keep} aria-labelledby="discard-title">
        <DialogTitle id="discard-title">{T.discardTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{fillPlaceholders(T.discardText, { name: contactName })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={keep}>{T.continueCreating}</Button>
          <Button color="error" variant="contained" onClick={discard}>
            {T.yesGoBack}
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
