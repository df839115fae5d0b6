import { Alert, Button, Snackbar } from '@mui/material';
import { commonCatalogue, useCatalogue } from '@safarsaathi/web-kit';
import { useState, useSyncExternalStore } from 'react';
import { applyUpdate, updateStore } from './registerServiceWorker';

/** "A new version is ready": the new deployment takes over only when the user reloads (never mid-form). */
export function UpdatePrompt() {
  const T = useCatalogue(commonCatalogue).update;
  const ready = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot, () => false);
  const [dismissed, setDismissed] = useState(false);
  return (
    <Snackbar open={ready && !dismissed} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        data-testid="update-prompt"
        action={
          <>
            <Button color="inherit" size="small" onClick={() => setDismissed(true)}>
              {T.later}
            </Button>
            <Button color="inherit" size="small" variant="outlined" onClick={applyUpdate}>
              {T.reload}
            </Button>
          </>
        }
      >
        {T.ready}
      </Alert>
    </Snackbar>
  );
}
