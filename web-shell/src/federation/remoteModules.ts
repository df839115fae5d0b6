import type { RemoteModuleId, RemoteModuleLoader } from '@safarsaathi/web-kit';
import { loadRemoteModule } from './remoteRegistry';

// One load per module, shared by every render that reads it. A failed load stays cached until the
// error boundary forgets it (after showing its fallback), so React's own re-renders never start a
// new request, while a Retry does.
const loads = new Map<RemoteModuleId, Promise<unknown>>();

/** The shell's loader, handed to web-kit's remote components (and so to remotes that embed others). */
export const remoteModuleLoader: RemoteModuleLoader = {
  load<T>(id: RemoteModuleId): Promise<T> {
    let load = loads.get(id);
    if (!load) {
      load = loadRemoteModule<T>(id);
      loads.set(id, load);
    }
    return load as Promise<T>;
  },
  forget(id: RemoteModuleId): void {
    loads.delete(id);
  },
};
