import SendIcon from '@mui/icons-material/Send';
import { CircularProgress, IconButton, Stack, TextField } from '@mui/material';
import { CHAT_LIMITS, LIMITS } from '@safarsaathi/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useMessagesTexts } from '../i18n';

interface MessageInputProps {
  /** Resolves when the message was sent; the input is cleared only then. */
  onSend: (text: string) => Promise<unknown>;
  sending: boolean;
  disabled: boolean;
  /** The server's reason when a send failed (too fast, closed), shown under the input. */
  error: string | null;
  onEdit: () => void;
}

/**
 * The multi-line input (spec §2 Chat dialog): at most 3 visible rows, Enter sends, Shift+Enter adds a
 * line; sending is blocked while a send is in flight or the text is blank.
 */
export function MessageInput({ onSend, sending, disabled, error, onEdit }: MessageInputProps) {
  const C = useMessagesTexts().chat;
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const blank = draft.trim().length === 0;
  const canSend = !disabled && !sending && !blank;

  // Ready to type on desktops; on touch screens focusing would pop the keyboard over half the dialog.
  useEffect(() => {
    if (!disabled && window.matchMedia?.('(pointer: fine)').matches) input.current?.focus();
  }, [disabled]);

  const send = () => {
    if (!canSend) return;
    onSend(draft.trim()).then(
      () => {
        setDraft('');
        input.current?.focus();
      },
      // Kept as typed, so nothing is lost; the reason shows under the input.
      () => undefined,
    );
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
        {sending ? <CircularProgress size={22} aria-label={C.sending} /> : <SendIcon />}
      </IconButton>
    </Stack>
  );
}
