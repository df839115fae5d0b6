import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import {
  Alert,
  Button,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { PUSH_KINDS, type PushKind, type PushPreferences } from '@safarsaathi/contracts';
import {
  PushBlockedError,
  subscribeThisDevice,
  unsubscribeThisDevice,
  usePushDevice,
} from '@safarsaathi/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { accountApi } from '../api';
import { useAccountTranslation } from '../i18n';
import { CONSENTS_KEY } from './PrivacySection';

const PREFERENCES_KEY = ['push', 'preferences'] as const;

/** Profile page: "Notifications on this device" (addendum §3): this browser's subscription and the three kinds. */
export default function PushSection() {
  const { t } = useAccountTranslation();
  const queryClient = useQueryClient();
  const [device, setDevice] = usePushDevice();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error' | 'warning'; text: string } | null>(
    null,
  );

  const preferences = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => accountApi.pushPreferences(signal),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (update: Partial<PushPreferences>) => accountApi.setPushPreferences(update),
    onMutate: (update) => {
      const previous = queryClient.getQueryData<PushPreferences>(PREFERENCES_KEY);
      queryClient.setQueryData<PushPreferences>(
        PREFERENCES_KEY,
        (current) => current && { ...current, ...update },
      );
      return { previous };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(PREFERENCES_KEY, saved);
      setNotice({ severity: 'success', text: t('push.saved') });
    },
    onError: (_error, _update, context) => {
      queryClient.setQueryData(PREFERENCES_KEY, context?.previous);
      setNotice({ severity: 'error', text: t('push.saveFailed') });
    },
  });

  const turnOn = useMutation({
    mutationFn: async (registration: ServiceWorkerRegistration) => ({
      registration,
      subscription: await subscribeThisDevice(registration),
    }),
    onSuccess: ({ registration, subscription }) => {
      setDevice({ kind: 'ready', registration, subscription });
      setNotice({ severity: 'success', text: t('push.turnedOn') });
      // Subscribing gave the push consent: "Your privacy choices" shows it.
      void queryClient.invalidateQueries({ queryKey: CONSENTS_KEY });
    },
    onError: (error) =>
      setNotice(
        error instanceof PushBlockedError
          ? { severity: 'warning', text: t('push.blocked') }
          : { severity: 'error', text: t('push.failed') },
      ),
  });
  const turnOff = useMutation({
    mutationFn: async ({
      registration,
      subscription,
    }: {
      registration: ServiceWorkerRegistration;
      subscription: PushSubscription;
    }) => {
      await unsubscribeThisDevice(subscription);
      return registration;
    },
    onSuccess: (registration) => {
      setDevice({ kind: 'ready', registration, subscription: null });
      setNotice({ severity: 'success', text: t('push.turnedOff') });
    },
    onError: () => setNotice({ severity: 'error', text: t('push.failed') }),
  });

  const busy = turnOn.isPending || turnOff.isPending;
  return (
    <Paper
      sx={{ p: { xs: 2.5, md: 4 }, mt: 3 }}
      component="section"
      aria-labelledby="profile-push-title"
      data-testid="profile-push"
    >
      <Stack direction="row" spacing={1} alignItems="center">
        <NotificationsActiveOutlinedIcon color="primary" aria-hidden />
        <Typography id="profile-push-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {t('push.title')}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {t('push.intro')}
      </Typography>

      {device.kind === 'unsupported' && (
        <Alert severity="info" data-testid="push-device-state">
          {t('push.unsupported')}
        </Alert>
      )}
      {device.kind === 'no-worker' && (
        <Alert severity="info" data-testid="push-device-state">
          {t('push.notReady')}
        </Alert>
      )}
      {device.kind === 'ready' && !device.subscription && (
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => turnOn.mutate(device.registration)}
          data-testid="push-turn-on"
        >
          {t('push.turnOn')}
        </Button>
      )}
      {device.kind === 'ready' && device.subscription && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <Typography data-testid="push-device-state">{t('push.on')}</Typography>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() =>
              device.subscription &&
              turnOff.mutate({ registration: device.registration, subscription: device.subscription })
            }
            data-testid="push-turn-off"
          >
            {t('push.turnOff')}
          </Button>
        </Stack>
      )}

      <FormGroup sx={{ mt: 3 }} aria-labelledby="push-kinds-label" data-testid="push-preferences">
        <FormLabel id="push-kinds-label" sx={{ fontWeight: 600, mb: 1 }}>
          {t('push.kinds')}
        </FormLabel>
        {preferences.isError && (
          <Alert severity="error" data-testid="push-preferences-error">
            {t('push.loadFailed')}
          </Alert>
        )}
        {PUSH_KINDS.map((kind: PushKind) => (
          <FormControlLabel
            key={kind}
            control={
              <Switch
                checked={preferences.data?.[kind] ?? true}
                disabled={!preferences.data || save.isPending}
                onChange={(event) => save.mutate({ [kind]: event.target.checked })}
                data-testid={`push-kind-${kind}`}
              />
            }
            label={t(`push.${kind}`)}
          />
        ))}
      </FormGroup>
      {notice && (
        <Alert
          severity={notice.severity}
          onClose={() => setNotice(null)}
          sx={{ mt: 2 }}
          data-testid="push-notice"
        >
          {notice.text}
        </Alert>
      )}
    </Paper>
  );
}
