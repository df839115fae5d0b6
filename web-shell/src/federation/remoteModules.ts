import { loadRemoteModule, type RemoteModuleId } from './remoteRegistry';

// One load per module, shared by every render that reads it. A failed load stays cached until the
// error boundary forgets it (after showing its fallback), so React's own re-renders never start a
// new request, while a Retry does.
const loads = new Map<RemoteModuleId, Promise<unknown>>();

/** The (cached) load of a remote module. */
export function remoteModule<T>(id: RemoteModuleId): Promise<T> {
  let load = loads.get(id);
  if (!load) {
    load = loadRemoteModule<T>(id);
    loads.set(id, load);
  }
  return load as Promise<T>;
}

/** Drops a failed load, so the next render of the module loads it again. */
export function forgetRemoteModule(id: RemoteModuleId): void {
  loads.delete(id);
}
