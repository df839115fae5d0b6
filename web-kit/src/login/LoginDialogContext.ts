import { createContext, useContext } from 'react';

/** Props of the login dialog that the `site` remote exposes as `./LoginDialog`. */
export interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
  /** Where to go after signing in: a service name (document, ride, companion) or an app path. */
  redirectTo?: string;
  /**
   * Opened in place of the landing page's login island (loginIsland.ts): the dialog takes over what the island
   * holds, appears without its fade (the island was already on the screen), and closes again if the visitor
   * closed the island before it came.
   */
  fromIsland?: boolean;
}

export interface LoginDialogControls {
  openLoginDialog: (options?: { redirectTo?: string }) => void;
  closeLoginDialog: () => void;
}

const LoginDialogContext = createContext<LoginDialogControls | null>(null);

/** Rendered by the shell, which owns the single login dialog of the page. */
export const LoginDialogProvider = LoginDialogContext.Provider;

/** Opens the login dialog from anywhere (header, landing page, search results). */
export function useLoginDialog(): LoginDialogControls {
  const controls = useContext(LoginDialogContext);
  if (!controls)
    throw new Error('useLoginDialog() needs a <LoginDialogProvider> (rendered by the web shell).');
  return controls;
}
