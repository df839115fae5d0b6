import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The friendly message shown in place of a remote that could not be loaded. */
export function RemoteLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert
      severity="warning"
      data-testid="remote-load-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('remote.retry')}
        </Button>
      }
    >
      {t('remote.loadFailed')}
    </Alert>
  );
}
