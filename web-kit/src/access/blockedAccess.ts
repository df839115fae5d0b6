import { useSyncExternalStore } from 'react';

/** What the gateway said when it refused a blocked user's call (403 with `details.blocked`). */
export interface BlockedAccess {
  /** The server's message, shown as given: 'You access is blocked with reason: …. Please contact us at …'. */
  message: string;
  reason: string;
}

type Listener = () => void;

// Module state: web-kit is a Module Federation singleton, so the shell and every remote share it.
let current: BlockedAccess | null = null;
const listeners = new Set<Listener>();

/** Called by the API client for every 403 whose details say `blocked: true`. */
export function reportBlockedAccess(blocked: BlockedAccess): void {
  if (current?.message === blocked.message) return;
  current = blocked;
  for (const listener of listeners) listener();
}

export function blockedAccess(): BlockedAccess | null {
  return current;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The blocked state of this page: null until any API call answers 403 with `details.blocked`; from
 * then on (until the page is reloaded) the server's message. The shell then shows only the blocked screen.
 */
export function useBlockedAccess(): BlockedAccess | null {
  return useSyncExternalStore(subscribe, blockedAccess, blockedAccess);
}

/** Reads `{ blocked: true, reason }` from an error's details, or null for any other 403. */
export function blockedDetails(details: unknown): { reason: string } | null {
  if (!details || typeof details !== 'object') return null;
  const { blocked, reason } = details as { blocked?: unknown; reason?: unknown };
  if (blocked !== true) return null;
  return { reason: typeof reason === 'string' ? reason : '' };
}
