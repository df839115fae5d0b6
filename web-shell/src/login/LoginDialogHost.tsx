import { Backdrop, CircularProgress, Dialog, DialogContent } from '@mui/material';
import {
  LoginDialogProvider,
  RemoteErrorBoundary,
  RemoteLoadError,
  RemoteView,
  type LoginDialogControls,
  type LoginDialogProps,
  useTranslation,
} from '@safarsaathi/web-kit';
import { Suspense, useMemo, useState, type ReactNode } from 'react';

const LOGIN_DIALOG_MODULE = 'site/LoginDialog';

interface DialogState {
  open: boolean;
  redirectTo?: string;
  /** Each opening mounts a fresh dialog: a new sign-in starts at step one, and a failed load is retried. */
  opening: number;
}

/**
 * Owns the page's single login dialog (exposed by the `site` remote) and lets anything in the
 * shell or a remote open it through `useLoginDialog()`. The remote is fetched on first open only.
 */
export function LoginDialogHost({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const controls = useMemo<LoginDialogControls>(
    () => ({
      openLoginDialog: (options) =>
        setDialog((current) => ({
          open: true,
          redirectTo: options?.redirectTo,
          opening: (current?.opening ?? 0) + 1,
        })),
      closeLoginDialog: () => setDialog((current) => current && { ...current, open: false }),
    }),
    [],
  );

  return (
    <LoginDialogProvider value={controls}>
      {children}
      {dialog && (
        <RemoteErrorBoundary
          key={dialog.opening}
          module={LOGIN_DIALOG_MODULE}
          fallback={(retry) => (
            <Dialog open={dialog.open} onClose={controls.closeLoginDialog} fullWidth maxWidth="xs">
              <DialogContent>
                <RemoteLoadError onRetry={retry} />
              </DialogContent>
            </Dialog>
          )}
        >
          <Suspense
            fallback={
              <Backdrop open={dialog.open} sx={{ zIndex: (theme) => theme.zIndex.modal }}>
                <CircularProgress aria-label={t('remote.loadingSignIn')} />
              </Backdrop>
            }
          >
            <RemoteView<LoginDialogProps>
              module={LOGIN_DIALOG_MODULE}
              props={{ open: dialog.open, onClose: controls.closeLoginDialog, redirectTo: dialog.redirectTo }}
            />
          </Suspense>
        </RemoteErrorBoundary>
      )}
    </LoginDialogProvider>
  );
}
