import DownloadIcon from '@mui/icons-material/Download';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PrivacyTipOutlinedIcon from '@mui/icons-material/PrivacyTipOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Collapse,
  Divider,
  FormControlLabel,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import {
  CONSENT_PURPOSES,
  INTL_LOCALE,
  type ConsentPurpose,
  type ConsentsResponse,
  type Locale,
} from '@safarsaathi/contracts';
import { activeLocale, errorMessage, pushSupported, unsubscribeThisDevice } from '@safarsaathi/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { accountApi } from '../api';
import { useAccountTranslation } from '../i18n';

export const CONSENTS_KEY = ['auth', 'consents'] as const;

type Notice = { severity: 'success' | 'error'; text: string };

function when(iso: string, locale: Locale): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The push consent withdrawn: the server removes every device it had (one Kafka hop later); this browser's
 * own subscription goes too, so "Notifications on this device" does not go on saying it is on.
 */
async function forgetThisBrowsersPush(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) await unsubscribeThisDevice(subscription);
  } catch {
    // The server has removed the device already; the browser's subscription lapses on its next push.
  }
}

/** Hands a file to the browser as a download. */
function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Profile page: "Your privacy choices" (spec §4): one switch per purpose, saved at once (sign-in e-mails stay
 * on: only deleting the account ends them), the history of every choice, "Download my data" and the
 * privacy notice. `onPushWithdrawn`: the page refreshes "Notifications on this device".
 */
export default function PrivacySection({ onPushWithdrawn }: { onPushWithdrawn?: () => void }) {
  const { t } = useAccountTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [downloadNotice, setDownloadNotice] = useState<Notice | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

  const consents = useQuery({
    queryKey: CONSENTS_KEY,
    queryFn: ({ signal }) => accountApi.consents(signal),
    retry: false,
  });

  const save = useMutation({
    mutationFn: ({ purpose, granted }: { purpose: ConsentPurpose; granted: boolean }) =>
      accountApi.setConsent(purpose, granted),
    onMutate: async ({ purpose, granted }) => {
      setNotice(null);
      await queryClient.cancelQueries({ queryKey: CONSENTS_KEY });
      const previous = queryClient.getQueryData<ConsentsResponse>(CONSENTS_KEY);
      queryClient.setQueryData<ConsentsResponse>(
        CONSENTS_KEY,
        (current) =>
          current && {
            ...current,
            consents: current.consents.map((state) =>
              state.purpose === purpose ? { ...state, granted } : state,
            ),
          },
      );
      return { previous };
    },
    onSuccess: async (_answer, { purpose, granted }) => {
      if (purpose === 'push' && !granted) {
        await forgetThisBrowsersPush();
        void queryClient.invalidateQueries({ queryKey: ['push'] });
        onPushWithdrawn?.();
        setNotice({ severity: 'success', text: t('privacy.pushWithdrawn') });
      } else {
        setNotice({ severity: 'success', text: t('privacy.saved') });
      }
    },
    onError: (error, _choice, context) => {
      queryClient.setQueryData(CONSENTS_KEY, context?.previous);
      setNotice({ severity: 'error', text: errorMessage(error, t('privacy.saveFailed')) });
    },
    // The history has the new entry: read it again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONSENTS_KEY }),
  });

  const download = useMutation({
    mutationFn: () => accountApi.myData(),
    onMutate: () => setDownloadNotice(null),
    onSuccess: ({ file, name }) => {
      saveFile(file, name);
      setDownloadNotice({ severity: 'success', text: t('privacy.downloaded', { name }) });
    },
    onError: (error) =>
      setDownloadNotice({ severity: 'error', text: errorMessage(error, t('privacy.downloadFailed')) }),
  });

  const locale = activeLocale();
  const states = new Map((consents.data?.consents ?? []).map((state) => [state.purpose, state.granted]));
  const history = [...(consents.data?.history ?? [])].reverse();

  return (
    <Paper
      sx={{ p: { xs: 2.5, md: 4 }, mt: 3 }}
      component="section"
      aria-labelledby="profile-privacy-title"
      data-testid="profile-privacy"
    >
      <Stack direction="row" spacing={1} alignItems="center">
        <PrivacyTipOutlinedIcon color="primary" aria-hidden />
        <Typography id="profile-privacy-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {t('privacy.title')}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {t('privacy.intro')}
      </Typography>

      {consents.isPending && <CircularProgress size={24} aria-label={t('privacy.loading')} />}
      {consents.isError && (
        <Alert severity="error" data-testid="privacy-load-error">
          {errorMessage(consents.error, t('privacy.loadFailed'))}
        </Alert>
      )}
      {consents.data && (
        <Stack spacing={2} data-testid="privacy-choices">
          {CONSENT_PURPOSES.map((purpose) => {
            const fixed = purpose === 'login_emails';
            const hintId = `consent-${purpose}-hint`;
            return (
              <Box key={purpose}>
                <FormControlLabel
                  sx={{ alignItems: 'center', mr: 0 }}
                  control={
                    <Switch
                      checked={fixed || (states.get(purpose) ?? false)}
                      disabled={fixed || save.isPending}
                      onChange={(event) => save.mutate({ purpose, granted: event.target.checked })}
                      slotProps={{ input: { 'aria-describedby': hintId } }}
                      data-testid={`consent-${purpose}`}
                    />
                  }
                  label={<Typography sx={{ fontWeight: 600 }}>{t(`privacy.purposes.${purpose}`)}</Typography>}
                />
                <Typography id={hintId} variant="body2" color="text.secondary" sx={{ pl: { sm: '47px' } }}>
                  {t(`privacy.hints.${purpose}`)}
                </Typography>
              </Box>
            );
          })}
        </Stack>
      )}
      {notice && (
        <Alert
          severity={notice.severity}
          onClose={() => setNotice(null)}
          sx={{ mt: 2 }}
          data-testid="privacy-notice"
        >
          {notice.text}
        </Alert>
      )}

      {consents.data && (
        <Box sx={{ mt: 2 }}>
          <Button
            onClick={() => setHistoryOpen((open) => !open)}
            aria-expanded={historyOpen}
            aria-controls="privacy-history"
            endIcon={historyOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            data-testid="privacy-history-toggle"
          >
            {t('privacy.history', { count: history.length })}
          </Button>
          <Collapse in={historyOpen}>
            {history.length === 0 ? (
              <Typography id="privacy-history" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('privacy.historyEmpty')}
              </Typography>
            ) : (
              <List id="privacy-history" dense aria-label={t('privacy.historyLabel')}>
                {history.map((entry, index) => (
                  <ListItem
                    key={`${entry.at}-${entry.purpose}-${index}`}
                    disableGutters
                    data-testid="privacy-history-entry"
                  >
                    <ListItemText
                      primary={`${t(`privacy.purposes.${entry.purpose}`)}: ${
                        entry.granted ? t('privacy.given') : t('privacy.withdrawn')
                      }`}
                      secondary={when(entry.at, locale)}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Collapse>
        </Box>
      )}

      <Divider sx={{ my: 3 }} />
      <Typography id="privacy-data-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('privacy.dataTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {t('privacy.dataHint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'stretch', sm: 'center' }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => download.mutate()}
          loading={download.isPending}
          data-testid="privacy-download"
        >
          {t('privacy.download')}
        </Button>
        <Link component={RouterLink} to="/privacy" data-testid="privacy-notice-link" sx={{ py: 1 }}>
          {t('privacy.howWeUse')}
        </Link>
      </Stack>
      {downloadNotice && (
        <Alert
          severity={downloadNotice.severity}
          onClose={() => setDownloadNotice(null)}
          sx={{ mt: 2 }}
          data-testid="privacy-download-notice"
        >
          {downloadNotice.text}
        </Alert>
      )}
    </Paper>
  );
}
