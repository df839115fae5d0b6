/**
 * Registers /sw.js (web-shell/sw/sw.ts) once the page has loaded, so it never competes with the first
 * paint, and tells the page when a new deployment's worker is installed and waiting: the page then offers a
 * reload (UpdatePrompt), and only the user's choice lets the new worker take over.
 */
import { SKIP_WAITING_MESSAGE, WARM_API_MESSAGE, hasSignedInHint } from '@safarsaathi/web-kit';

type Listener = () => void;

let waiting: ServiceWorker | null = null;
const listeners = new Set<Listener>();

function setWaiting(worker: ServiceWorker | null): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: whether a new version waits for the user's reload. */
export const updateStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): boolean => waiting !== null,
};

/** The user chose to reload: the waiting worker takes over, then the page reloads on its files. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage(SKIP_WAITING_MESSAGE);
}

function watch(registration: ServiceWorkerRegistration): void {
  // A worker that installs while another controls the page is a new deployment (the first one is not).
  const track = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) setWaiting(worker);
      if (worker.state === 'redundant' && waiting === worker) setWaiting(null);
    };
    check();
    worker.addEventListener('statechange', check);
  };
  track(registration.waiting);
  track(registration.installing);
  registration.addEventListener('updatefound', () => track(registration.installing));
  // A page left open for days still learns of a deployment when it comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  // The first worker takes control after the page's calls went out: it keeps a signed-in user's answers now.
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        if (hasSignedInHint()) navigator.serviceWorker.controller?.postMessage(WARM_API_MESSAGE);
      },
      { once: true },
    );
  }
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .then(watch)
      .catch((error: unknown) => console.warn('The service worker was not registered', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
