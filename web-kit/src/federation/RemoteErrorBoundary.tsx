import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRemoteModuleLoader, type RemoteModuleId } from './remoteModuleLoader';

interface Props {
  /** The remote module rendered inside. */
  module: RemoteModuleId;
  /** What to show instead of the remote; `retry` renders the children again (and so loads again). */
  fallback: (retry: () => void) => ReactNode;
  children: ReactNode;
}

interface BoundaryProps extends Props {
  forget: (id: RemoteModuleId) => void;
}

interface State {
  failed: boolean;
}

class Boundary extends Component<BoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Remote module "${this.props.module}" failed`, error, info.componentStack);
    // Forgotten only now, with the fallback on screen: forgetting it while React still retries the
    // render would start a new load on every retry.
    this.props.forget(this.props.module);
  }

  private readonly retry = () => this.setState({ failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

/** Keeps a remote that fails to load or render from taking the rest of the app down with it. */
export function RemoteErrorBoundary(props: Props) {
  const { forget } = useRemoteModuleLoader();
  return <Boundary {...props} forget={forget} />;
}
