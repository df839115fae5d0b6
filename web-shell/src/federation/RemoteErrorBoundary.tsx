import { Component, type ErrorInfo, type ReactNode } from 'react';
import { forgetRemoteModule } from './remoteModules';
import type { RemoteModuleId } from './remoteRegistry';

interface Props {
  /** The remote module rendered inside. */
  module: RemoteModuleId;
  /** What to show instead of the remote; `retry` renders the children again (and so loads again). */
  fallback: (retry: () => void) => ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Keeps a remote that fails to load or render from taking the rest of the app down with it. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Remote module "${this.props.module}" failed`, error, info.componentStack);
    // Forgotten only now, with the fallback on screen: forgetting it while React still retries the
    // render would start a new load on every retry.
    forgetRemoteModule(this.props.module);
  }

  private readonly retry = () => this.setState({ failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
