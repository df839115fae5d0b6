import SendIcon from '@mui/icons-material/Send';
import { CircularProgress, IconButton, Stack, TextField } from '@mui/material';
import { CHAT_LIMITS, LIMITS } from '@safarsaathi/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useMessagesTexts } from '../i18n';
import { draftWithUnsent, SendQueue } from './sendQueue';

interface MessageInputProps {
  /** Resolves when the message was sent; rejects when it was not (it then comes back to the input). */
  onSend: (text: string) => Promise<unknown>;
  /** A message is on its way. */
  sending: boolean;
  disabled: boolean;
  /** The server's reason when a send failed (too fast, closed), shown under the input. */
  error: string | null;
  onEdit: () => void;
}

/**
 * The multi-line input (spec §2 Chat dialog): at most 3 visible rows, Enter sends, Shift+Enter adds a
 * line; nothing is sent while the text is blank. Sending empties the input at once, so the next message
 * can be typed while this one is on its way; one sent meanwhile waits for it (SendQueue: in order, one
 * request at a time), and a message that fails comes back to the input with the reason under it.
 */
export function MessageInput({ onSend, sending, disabled, error, onEdit }: MessageInputProps) {
  const C = useMessagesTexts().chat;
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const blank = draft.trim().length === 0;
  const canSend = !disabled && !blank;
  // Messages that fail come back, so nothing is lost; the reason shows under the input.
  const [queue] = useState(
    () => new SendQueue((unsent) => setDraft((typed) => draftWithUnsent(unsent, typed))),
  );

  // Ready to type on desktops; on touch screens focusing would pop the keyboard over half the dialog.
  useEffect(() => {
    if (!disabled && window.matchMedia?.('(pointer: fine)').matches) input.current?.focus();
  }, [disabled]);

  const send = () => {
    if (!canSend) return;
    queue.add(draft.trim(), onSend);
    setDraft('');
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter while an input method composes a word confirms the word, it does not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-end' }}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <TextField
        inputRef={input}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (error) onEdit();
        }}
        onKeyDown={onKeyDown}
        placeholder={C.placeholder}
        multiline
        minRows={1}
        maxRows={LIMITS.chatInputRows}
        fullWidth
        size="small"
        disabled={disabled}
        error={Boolean(error)}
        helperText={error ?? undefined}
        slotProps={{
          htmlInput: {
            'aria-label': 'Message',
            maxLength: CHAT_LIMITS.messageMaxChars,
            'data-testid': 'chat-input',
          },
        }}
      />
      <IconButton
        type="submit"
        color="primary"
        aria-label={C.send}
        disabled={!canSend}
        sx={{ mb: error ? 3 : 0 }}
      >
        {sending && blank ? <CircularProgress size={22} aria-label={C.sending} /> : <SendIcon />}
      </IconButton>
    </Stack>
  );
}
