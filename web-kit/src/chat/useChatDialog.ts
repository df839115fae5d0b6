import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRemoteModuleLoader } from '../federation/remoteModuleLoader';
import { CHAT_DIALOG_MODULE, type ChatDialogProps } from './chatDialog';

/** The conversation a host asks the chat dialog to show. */
export type ChatDialogTarget = Omit<ChatDialogProps, 'open' | 'onClose'>;

/**
 * State for a screen that opens the chat dialog (`<EmbeddedChatDialog {...dialogProps} />`). The
 * dialog's module is fetched ahead when `preload` is set, so it usually opens without a spinner.
 */
export function useChatDialog(preload = true) {
  const loader = useRemoteModuleLoader();
  const [target, setTarget] = useState<ChatDialogTarget | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!preload) return;
    // A failed early fetch is forgotten, so opening the dialog later tries again.
    loader.load(CHAT_DIALOG_MODULE).catch(() => loader.forget(CHAT_DIALOG_MODULE));
  }, [loader, preload]);

  const openChat = useCallback((next: ChatDialogTarget) => {
    setTarget(next);
    setOpen(true);
  }, []);
  const closeChat = useCallback(() => setOpen(false), []);

  const dialogProps = useMemo<ChatDialogProps>(
    () => ({ ...(target ?? { conversationId: '' }), open, onClose: closeChat }),
    [target, open, closeChat],
  );
  return { openChat, closeChat, dialogProps };
}
