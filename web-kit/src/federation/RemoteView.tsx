import { use, type ComponentType } from 'react';
import { useRemoteModuleLoader, type RemoteModuleId } from './remoteModuleLoader';

interface RemoteViewProps<P> {
  /** A remote module whose default export is a React component. */
  module: RemoteModuleId;
  props: P;
}

/**
 * Renders a remote's component: suspends while the module loads and throws if it cannot be loaded,
 * so it must sit inside a Suspense boundary and a RemoteErrorBoundary.
 */
export function RemoteView<P extends object>({ module, props }: RemoteViewProps<P>) {
  const { default: Component } = use(useRemoteModuleLoader().load<{ default: ComponentType<P> }>(module));
  return <Component {...props} />;
}
