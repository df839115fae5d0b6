import { Backdrop, CircularProgress, Dialog, DialogContent } from '@mui/material';
import {
  LoginDialogProvider,
  RemoteErrorBoundary,
  RemoteLoadError,
  RemoteView,
  type LoginDialogControls,
  type LoginDialogProps,
  loginIslandOpen,
  useTranslation,
} from '@safarsaathi/web-kit';
import { Suspense, useMemo, useState, type ReactNode } from 'react';

const LOGIN_DIALOG_MODULE = 'site/LoginDialog';

interface DialogState {
  open: boolean;
  redirectTo?: string;
  /** Each opening mounts a fresh dialog: a new sign-in starts at step one, and a failed load is retried. */
  opening: number;
  /** In place of the landing page's login island, open as the app starts (web-kit's loginIsland.ts). */
  fromIsland?: boolean;
}

/**
 * Owns the page's single login dialog (exposed by the `site` remote) and lets anything in the
 * shell or a remote open it through `useLoginDialog()`. The remote is fetched on first open only.
 */
export function LoginDialogHost({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  // A visitor who tapped "Get Started" on the build-time landing page has the login island open: the app's
  // dialog opens at once, behind it, and takes it over when it has loaded.
  const [dialog, setDialog] = useState<DialogState | null>(() =>
    loginIslandOpen() ? { open: true, opening: 1, fromIsland: true } : null,
  );

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
              // The island is on the screen while the app's dialog loads: no spinner behind it.
              dialog.fromIsland ? null : (
                <Backdrop open={dialog.open} sx={{ zIndex: (theme) => theme.zIndex.modal }}>
                  <CircularProgress aria-label={t('remote.loadingSignIn')} />
                </Backdrop>
              )
            }
          >
            <RemoteView<LoginDialogProps>
              module={LOGIN_DIALOG_MODULE}
              props={{
                open: dialog.open,
                onClose: controls.closeLoginDialog,
                redirectTo: dialog.redirectTo,
                fromIsland: dialog.fromIsland,
              }}
            />
          </Suspense>
        </RemoteErrorBoundary>
      )}
    </LoginDialogProvider>
  );
}
