import { Alert, Button } from '@mui/material';
import { PRODUCT_NAME } from '@safarsaathi/contracts';

/** The friendly message shown in place of a remote that could not be loaded. */
export function RemoteLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="warning"
      data-testid="remote-load-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      This part of {PRODUCT_NAME} could not be loaded. Please try again.
    </Alert>
  );
}
