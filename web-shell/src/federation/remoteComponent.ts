import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemoteModule, type RemoteModuleId } from './remoteRegistry';

// React.lazy remembers a rejection forever, so a failed load is dropped from the cache and a
// Retry creates a fresh lazy component that loads the module again.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller states the props it passes
const lazyComponents = new Map<RemoteModuleId, LazyExoticComponent<ComponentType<any>>>();

/** A lazy React component for a remote module whose default export is a component. */
export function remoteComponent<P extends object>(id: RemoteModuleId): LazyExoticComponent<ComponentType<P>> {
  let component = lazyComponents.get(id);
  if (!component) {
    component = lazy(() =>
      loadRemoteModule<{ default: ComponentType<P> }>(id).catch((error: unknown) => {
        lazyComponents.delete(id);
        throw error;
      }),
    );
    lazyComponents.set(id, component);
  }
  return component as LazyExoticComponent<ComponentType<P>>;
}
