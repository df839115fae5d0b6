import { CircularProgress, Stack } from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteLoadError } from './RemoteLoadError';
import type { RemoteModuleId } from './remoteModuleLoader';
import { RemoteView } from './RemoteView';
import { useTranslation } from 'react-i18next';

interface EmbeddedRemoteProps<P> {
  module: RemoteModuleId;
  props: P;
  /** Shown while the module loads; a small spinner by default. */
  loading?: ReactNode;
  /** Shown when the module cannot be loaded; the friendly retry message by default. */
  failed?: (retry: () => void) => ReactNode;
}

/**
 * Another remote's component inside a page (the search widget on the landing page and the dashboard,
 * the chat dialog on the search widget and the companion screen): a small spinner while it loads, the
 * friendly retry message if it cannot be loaded.
 */
export function EmbeddedRemote<P extends object>({ module, props, loading, failed }: EmbeddedRemoteProps<P>) {
  const { t } = useTranslation('common');
  return (
    <RemoteErrorBoundary
      key={module}
      module={module}
      fallback={failed ?? ((retry) => <RemoteLoadError onRetry={retry} />)}
    >
      <Suspense
        fallback={
          loading ?? (
            <Stack sx={{ alignItems: 'center', py: 4 }}>
              <CircularProgress size={28} aria-label={t('remote.loading')} />
            </Stack>
          )
        }
      >
        <RemoteView<P> module={module} props={props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
