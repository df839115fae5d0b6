import { CircularProgress, Dialog, DialogContent, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { EmbeddedRemote } from '../federation/EmbeddedRemote';
import { RemoteLoadError } from '../federation/RemoteLoadError';
import { CHAT_DIALOG_MODULE, type ChatDialogProps } from './chatDialog';
import { useTranslation } from 'react-i18next';

/**
 * The `messages` remote's chat dialog, opened from another remote (the search widget, the companion
 * screen). While the remote loads, and if it cannot be loaded, an empty dialog of the same place shows
 * the spinner or the retry message instead of something drawn inside the page.
 */
export function EmbeddedChatDialog(props: ChatDialogProps) {
  const { t } = useTranslation('common');
  if (!props.conversationId) return null;
  const standIn = (content: ReactNode) => (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-label={t('remote.chat')}>
      <DialogContent>{content}</DialogContent>
    </Dialog>
  );
  return (
    <EmbeddedRemote<ChatDialogProps>
      module={CHAT_DIALOG_MODULE}
      props={props}
      loading={standIn(
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label={t('remote.loading')} />
        </Stack>,
      )}
      failed={(retry) => standIn(<RemoteLoadError onRetry={retry} />)}
    />
  );
}
