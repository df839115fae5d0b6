import DevicesIcon from '@mui/icons-material/Devices';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { INTL_LOCALE, SESSION_MESSAGES, type Locale, type SessionView } from '@safarsaathi/contracts';
import { activeLocale, errorMessage, translateMessage } from '@safarsaathi/web-kit';
import { useAccountTranslation } from '../i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { accountApi } from '../api';

const SESSIONS_KEY = ['auth', 'sessions'] as const;

/** 'Chrome on Linux' from a user agent; the raw text when it names nothing we know. */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return translateMessage(SESSION_MESSAGES.unknownDevice);
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => userAgent.includes(marker!))?.[1] ?? null;
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([marker]) => userAgent.includes(marker!))?.[1] ?? null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

function signedInAt(iso: string, locale: Locale, prefix: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : `${prefix} ${date.toLocaleString(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short' })}`;
}

/**
 * The profile's "Active sessions": every browser signed in to this account, this one marked, with a way to
 * sign out one of the others or all of them (a new sign-in does not end the older sessions by itself).
 */
export function SessionsSection() {
  const { t } = useAccountTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => accountApi.sessions(signal).then((answer) => answer.sessions),
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });

  const endOne = useMutation({
    mutationFn: (session: SessionView) => accountApi.endSession(session.id),
    onSuccess: () => setNotice(null),
    onError: (error) =>
      setNotice({ severity: 'error', text: errorMessage(error, SESSION_MESSAGES.endFailed) }),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => accountApi.endOtherSessions(),
    onSuccess: (answer) =>
      setNotice({ severity: 'success', text: t('sessions.othersEnded', { count: answer.ended }) }),
    onError: (error) =>
      setNotice({ severity: 'error', text: errorMessage(error, SESSION_MESSAGES.endFailed) }),
    onSettled: refresh,
  });

  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current);
  return (
    <Box component="section" aria-labelledby="sessions-heading" data-testid="sessions-section">
      <Typography id="sessions-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {translateMessage(SESSION_MESSAGES.title)}
      </Typography>
      {sessions.isPending && <CircularProgress size={24} sx={{ mt: 1 }} aria-label={t('sessions.loading')} />}
      {sessions.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(sessions.error, SESSION_MESSAGES.loadFailed)}
        </Alert>
      )}
      {list.length > 0 && (
        <List dense aria-labelledby="sessions-heading">
          {list.map((session) => (
            <ListItem
              key={session.id}
              data-testid="session-item"
              data-current={session.current}
              disableGutters
              secondaryAction={
                session.current ? (
                  <Chip
                    label={translateMessage(SESSION_MESSAGES.thisDevice)}
                    size="small"
                    color="primary"
                    variant="outlined"
                  />
                ) : (
                  <Button
                    size="small"
                    onClick={() => endOne.mutate(session)}
                    disabled={endOne.isPending || endOthers.isPending}
                    aria-label={`${translateMessage(SESSION_MESSAGES.signOut)} ${describeDevice(session.user_agent)}`}
                  >
                    {translateMessage(SESSION_MESSAGES.signOut)}
                  </Button>
                )
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <DevicesIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={describeDevice(session.user_agent)}
                secondary={signedInAt(session.created_at, activeLocale(), t('sessions.signedIn'))}
                sx={{ pr: 12 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 1 }} data-testid="sessions-notice">
          {notice.text}
        </Alert>
      )}
      <Button
        variant="outlined"
        onClick={() => endOthers.mutate()}
        disabled={others.length === 0 || endOthers.isPending}
        loading={endOthers.isPending}
      >
        {translateMessage(SESSION_MESSAGES.signOutOthers)}
      </Button>
    </Box>
  );
}
