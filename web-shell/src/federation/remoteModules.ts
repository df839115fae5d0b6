import { catalogueLoads, type RemoteModuleId, type RemoteModuleLoader } from '@safarsaathi/web-kit';
import { loadRemoteModule } from './remoteRegistry';

// One load per module, shared by every render that reads it. A failed load stays cached until the
// error boundary forgets it (after showing its fallback), so React's own re-renders never start a
// new request, while a Retry does.
const loads = new Map<RemoteModuleId, Promise<unknown>>();

/**
 * Marks a promise with its outcome the way React's `use()` reads it (`status`, `value`/`reason`), so a
 * module that has finished loading renders at once instead of suspending for one more turn (and React
 * then holding the page back to pace its fallbacks).
 */
function trackForReact<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  tracked.status = 'pending';
  promise.then(
    (value) => Object.assign(tracked, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
  );
  return promise;
}

/** The shell's loader, handed to web-kit's remote components (and so to remotes that embed others). */
export const remoteModuleLoader: RemoteModuleLoader = {
  load<T>(id: RemoteModuleId): Promise<T> {
    let load = loads.get(id);
    if (!load) {
      // On a Hindi page the module's texts load after its code (registerCatalogue): wait for them too, so
      // it renders in Hindi from its first paint.
      load = trackForReact(
        loadRemoteModule<T>(id).then(async (module) => {
          await catalogueLoads();
          return module;
        }),
      );
      loads.set(id, load);
    }
    return load as Promise<T>;
  },
  forget(id: RemoteModuleId): void {
    loads.delete(id);
  },
};
