/**
 * This browser's Web Push subscription (addendum §3), shared by the profile page's "Notifications on this
 * device" (account remote) and the companion page's "Get a notification when…" prompt: one code path to
 * subscribe and unsubscribe, so both say the same thing to the server and to the push service.
 */
import { useEffect, useState } from 'react';
import { ApiError, api } from '../api/client';

/**
 * What this browser can do: no Push API at all; the Push API but no service worker registered (the shell
 * registers one after the page has loaded); or ready, with this browser's current subscription, if any.
 */
export type PushDeviceState =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'no-worker' }
  | { kind: 'ready'; registration: ServiceWorkerRegistration; subscription: PushSubscription | null };

export const pushApi = {
  publicKey: () => api.get<{ public_key: string }>('/api/push/public-key'),
  subscribe: (subscription: PushSubscriptionJSON) =>
    api.post<unknown>('/api/push/subscriptions', subscription),
  grantConsent: () => api.put<unknown>('/api/me/consents/push', { granted: true }),
  unsubscribe: (endpoint: string) =>
    api.delete<{ removed: boolean }>('/api/push/subscriptions', { body: { endpoint } }),
};

/** The user (or the browser's settings) refused notifications: nothing to subscribe. */
export class PushBlockedError extends Error {
  constructor() {
    super('blocked');
    this.name = 'PushBlockedError';
  }
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function urlBase64ToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * This device's state. `waitForWorker`: wait until a service worker is active (on a first visit the shell
 * registers it after load) instead of answering `no-worker` at once; the profile page says "not ready", a
 * prompt simply appears once it can work.
 */
export function usePushDevice(
  options: { waitForWorker?: boolean } = {},
): [PushDeviceState, (state: PushDeviceState) => void] {
  const { waitForWorker = false } = options;
  const [state, setState] = useState<PushDeviceState>(() =>
    pushSupported() ? { kind: 'checking' } : { kind: 'unsupported' },
  );
  useEffect(() => {
    if (!pushSupported()) return;
    let cancelled = false;
    const registration = waitForWorker
      ? navigator.serviceWorker.ready
      : navigator.serviceWorker.getRegistration();
    void registration
      .then(async (found) => {
        if (cancelled) return;
        if (!found) return setState({ kind: 'no-worker' });
        const subscription = await found.pushManager.getSubscription();
        if (!cancelled) setState({ kind: 'ready', registration: found, subscription });
      })
      .catch(() => !cancelled && setState({ kind: 'no-worker' }));
    return () => {
      cancelled = true;
    };
  }, [waitForWorker]);
  return [state, setState];
}

/**
 * Asks for the permission, subscribes with the server's VAPID key and registers the subscription with the
 * notifications service. Subscribing reaches the browser's push service (the internet). Throws
 * PushBlockedError when the permission is not given.
 */
export async function subscribeThisDevice(
  registration: ServiceWorkerRegistration,
): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlockedError();
  const { public_key } = await pushApi.publicKey();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: urlBase64ToBytes(public_key),
  });
  await pushApi.subscribe(subscription.toJSON());
  // Turning a device on is giving the push consent (issue 40): recorded in the privacy choices too (a
  // choice that stands already changes nothing there). The device works either way.
  await pushApi.grantConsent().catch(() => undefined);
  return subscription;
}

/** Removes the subscription on the server (already gone there is fine), then in the browser. */
export async function unsubscribeThisDevice(subscription: PushSubscription): Promise<void> {
  try {
    await pushApi.unsubscribe(subscription.endpoint);
  } catch (error) {
    // Already gone on the server (expired): the browser's side still goes.
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
  }
  await subscription.unsubscribe();
}

/** "Not now" on the companion page's prompt, remembered on this device (localStorage). */
const PROMPT_DISMISSED_KEY = 'safarsaathi.push-prompt.dismissed';

export const pushPromptDismissal = {
  isDismissed(): boolean {
    try {
      return localStorage.getItem(PROMPT_DISMISSED_KEY) === '1';
    } catch {
      return false;
    }
  },
  dismiss(): void {
    try {
      localStorage.setItem(PROMPT_DISMISSED_KEY, '1');
    } catch {
      // Storage refused (private mode): hidden for this page only.
    }
  },
};
