import { createContext, useContext } from 'react';

/** A module a remote exposes, as `remoteName/ExposedName` (e.g. `site/LandingPage`). */
/**
 * An exposed module may also export `preload`: data its first render needs. For the page a visit starts
 * on, the shell waits for it (briefly) before the first render, so the page renders once, not again
 * when the data arrives (each render is a long task on a phone).
 */
export interface PreloadingModule {
  preload?: () => Promise<unknown>;
}

export type RemoteModuleId = `${string}/${string}`;

/**
 * Loads remote modules. The shell owns the Module Federation runtime and provides this, so a remote
 * can embed another remote's component (the landing page embeds the search widget) without knowing
 * where remotes live.
 */
export interface RemoteModuleLoader {
  /** The (cached) load of a module. */
  load: <T>(id: RemoteModuleId) => Promise<T>;
  /** Drops a failed load, so the next render loads it again. */
  forget: (id: RemoteModuleId) => void;
}

const RemoteModuleLoaderContext = createContext<RemoteModuleLoader | null>(null);

/** Rendered by the shell around the whole app. */
export const RemoteModuleLoaderProvider = RemoteModuleLoaderContext.Provider;

export function useRemoteModuleLoader(): RemoteModuleLoader {
  const loader = useContext(RemoteModuleLoaderContext);
  if (!loader)
    throw new Error('Remote modules need a <RemoteModuleLoaderProvider> (rendered by the web shell).');
  return loader;
}
