import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRemoteModuleLoader } from '../federation/remoteModuleLoader';
import { CHAT_DIALOG_MODULE, type ChatDialogProps } from './chatDialog';

/** The conversation a host asks the chat dialog to show. */
export type ChatDialogTarget = Omit<ChatDialogProps, 'open' | 'onClose'>;

/**
 * What a visitor does first on a page: a touch, a click or a key. Not a focus: the page moves the focus itself
 * (the guided tour's button on a first visit).
 */
const FIRST_ACTIONS = ['pointerdown', 'touchstart', 'keydown'] as const;

/** Runs `callback` once, at the visitor's first action on the page; returns the cancel. */
function atFirstAction(callback: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const run = () => {
    cancel();
    callback();
  };
  const cancel = () => {
    for (const type of FIRST_ACTIONS) window.removeEventListener(type, run, options);
  };
  for (const type of FIRST_ACTIONS) window.addEventListener(type, run, options);
  return cancel;
}

/**
 * State for a screen that opens the chat dialog (`<EmbeddedChatDialog {...dialogProps} />`). The
 * dialog's module is fetched ahead when `preload` is set, so it usually opens without a spinner: at the
 * visitor's first touch, click or key on the page, not while a phone is still building the page (its remote's
 * entry and chunks cost a phone's main thread tasks that nobody needs before acting; measured on the
 * dashboard, docs/decisions.md "A fast first page on a phone").
 */
export function useChatDialog(preload = true) {
  const loader = useRemoteModuleLoader();
  const [target, setTarget] = useState<ChatDialogTarget | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!preload) return;
    // A failed early fetch is forgotten, so opening the dialog later tries again.
    return atFirstAction(() => {
      loader.load(CHAT_DIALOG_MODULE).catch(() => loader.forget(CHAT_DIALOG_MODULE));
    });
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
