import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { Alert, Button, Stack } from '@mui/material';
import {
  PushBlockedError,
  pushPromptDismissal,
  subscribeThisDevice,
  usePushDevice,
} from '@safarsaathi/web-kit';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCompanionTexts } from '../i18n';

/**
 * "Get a notification when…" (issue 22 item 3): offered once the user has a matched request, on a device
 * that can take Web Push, has a service worker, is not subscribed and was not told "Not now" (remembered
 * on this device). "Turn on" goes through the same code as the profile page's "Notifications on this
 * device" (web-kit pushDevice.ts). Never offered offline (subscribing needs the network) or when the
 * browser already blocks notifications for the site (there is nothing the button could do).
 */
export function PushPrompt({ offline }: { offline: boolean }) {
  const T = useCompanionTexts().companion.pushPrompt;
  // Waits for the worker: on a first visit the shell registers it after the page has loaded.
  const [device, setDevice] = usePushDevice({ waitForWorker: true });
  const [dismissed, setDismissed] = useState(() => pushPromptDismissal.isDismissed());
  const [outcome, setOutcome] = useState<'on' | 'blocked' | 'failed' | null>(null);

  const turnOn = useMutation({
    mutationFn: (registration: ServiceWorkerRegistration) => subscribeThisDevice(registration),
    onSuccess: (subscription, registration) => {
      setDevice({ kind: 'ready', registration, subscription });
      setOutcome('on');
    },
    onError: (error) => setOutcome(error instanceof PushBlockedError ? 'blocked' : 'failed'),
  });

  if (outcome === 'on') {
    return (
      <Alert
        severity="success"
        sx={{ mb: 2 }}
        onClose={() => setOutcome(null)}
        data-testid="push-prompt-done"
      >
        {T.turnedOn}
      </Alert>
    );
  }
  if (
    dismissed ||
    offline ||
    device.kind !== 'ready' ||
    device.subscription !== null ||
    (Notification.permission === 'denied' && outcome === null)
  ) {
    return null;
  }
  const { registration } = device;
  return (
    <Alert
      severity={outcome === 'blocked' ? 'warning' : outcome === 'failed' ? 'error' : 'info'}
      icon={<NotificationsActiveOutlinedIcon />}
      sx={{ mb: 2, alignItems: 'center' }}
      // A named part of the page, not an alert: it is an offer, shown while the page loads.
      role="region"
      aria-labelledby="push-prompt-text"
      data-testid="push-prompt"
    >
      <span id="push-prompt-text" aria-live="polite" data-testid="push-prompt-text">
        {outcome === 'blocked' ? T.blocked : outcome === 'failed' ? T.failed : T.text}
      </span>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          variant="contained"
          size="small"
          disabled={turnOn.isPending}
          onClick={() => turnOn.mutate(registration)}
          data-testid="push-prompt-turn-on"
        >
          {T.turnOn}
        </Button>
        <Button
          size="small"
          onClick={() => {
            pushPromptDismissal.dismiss();
            setDismissed(true);
          }}
          data-testid="push-prompt-not-now"
        >
          {T.notNow}
        </Button>
      </Stack>
    </Alert>
  );
}
