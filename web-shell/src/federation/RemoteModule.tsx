import { Container } from '@mui/material';
import {
  PageSpinner,
  RemoteErrorBoundary,
  RemoteLoadError,
  RemoteView,
  type RemoteModuleId,
} from '@safarsaathi/web-kit';
import { Suspense } from 'react';

/** Renders a remote's exposed page component, with a spinner while loading and a fallback on failure. */
export function RemoteModule({ module }: { module: RemoteModuleId }) {
  return (
    <RemoteErrorBoundary
      key={module}
      module={module}
      fallback={(retry) => (
        <Container maxWidth="sm" sx={{ py: 6 }}>
          <RemoteLoadError onRetry={retry} />
        </Container>
      )}
    >
      <Suspense fallback={<PageSpinner />}>
        <RemoteView module={module} props={{}} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
