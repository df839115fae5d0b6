import { CircularProgress, Stack } from '@mui/material';
import { Suspense } from 'react';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteLoadError } from './RemoteLoadError';
import type { RemoteModuleId } from './remoteModuleLoader';
import { RemoteView } from './RemoteView';

/**
 * Another remote's component inside a page (the search widget on the landing page and the dashboard):
 * a small spinner while it loads, the friendly retry message if it cannot be loaded.
 */
export function EmbeddedRemote<P extends object>({ module, props }: { module: RemoteModuleId; props: P }) {
  return (
    <RemoteErrorBoundary
      key={module}
      module={module}
      fallback={(retry) => <RemoteLoadError onRetry={retry} />}
    >
      <Suspense
        fallback={
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading" />
          </Stack>
        }
      >
        <RemoteView<P> module={module} props={props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
