import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Alert, Box, Button, Chip, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import { CHAT_MESSAGES, type ChatMessage, type SafetyFlag } from '@safarsaathi/contracts';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { TODAY, YESTERDAY, groupByDay, messageTime } from './messageDays';
import { useMessagesTexts } from '../i18n';
import { INTL_LOCALE } from '@safarsaathi/contracts';
import { ReadAloudButton, translateMessage, useFormat, useTranslation } from '@safarsaathi/web-kit';

const MARKED: Record<SafetyFlag, 'markedCarry' | 'markedMoney' | 'markedCode'> = {
  carry: 'markedCarry',
  money: 'markedMoney',
  code: 'markedCode',
};

/**
 * Under a flagged message (the scam and mule shield): the reader gets the tips of its kinds, read aloud like
 * a message, with a one-tap Report of this message; the sender sees that it was marked, and why.
 */
function SafetyMark({
  message,
  onReport,
}: {
  message: ChatMessage;
  onReport: (message: ChatMessage) => void;
}) {
  const T = useMessagesTexts().safety;
  const { t } = useTranslation('common');
  if (message.safety_flags.length === 0) return null;
  if (message.is_mine)
    return (
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="chat-message-marked"
        sx={{ display: 'block', textAlign: 'right', mt: 0.5 }}
      >
        {message.safety_flags.map((kind) => T[MARKED[kind]]).join(' ')}
      </Typography>
    );
  const tips = message.safety_flags.map((kind) => T[kind]).join(' ');
  return (
    <Alert
      severity="warning"
      icon={<ShieldOutlinedIcon fontSize="small" />}
      data-testid="chat-safety-tip"
      data-flags={message.safety_flags.join(' ')}
      sx={{ mt: 0.5, maxWidth: '90%', py: 0.25, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography variant="body2" component="p" sx={{ fontWeight: 700 }}>
        {T.title}
      </Typography>
      <Typography variant="body2" component="p">
        {tips}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
        <Button
          size="small"
          color="error"
          variant="outlined"
          onClick={() => onReport(message)}
          data-testid="chat-safety-report"
        >
          {T.report}
        </Button>
        <ReadAloudButton variant="icon" text={`${T.title}. ${tips}`} label={t('readAloud.readMessage')} />
      </Stack>
    </Alert>
  );
}

function MessageBubble({
  message,
  onReport,
}: {
  message: ChatMessage;
  onReport: (message: ChatMessage) => void;
}) {
  const C = useMessagesTexts().chat;
  const format = useFormat();
  const { t } = useTranslation('common');
  const mine = message.is_mine;
  return (
    <Box
      data-testid="chat-message"
      data-mine={mine}
      data-seq={message.seq}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }}
    >
      <Box
        sx={{
          maxWidth: '80%',
          px: 1.5,
          py: 0.75,
          borderRadius: mine ? '16px 16px 4px 16px' : '16px 16px 16px 4px',
          bgcolor: mine ? 'primary.main' : 'grey.100',
          color: mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        {/* Text only, never HTML; pre-wrap keeps the lines typed with Shift+Enter. */}
        <Typography
          variant="body2"
          data-testid="chat-message-text"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {message.message_text}
        </Typography>
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 0.25, opacity: 0.8 }}
        >
          <ReadAloudButton variant="icon" text={message.message_text} label={t('readAloud.readMessage')} />
          <Typography variant="caption" component="time" dateTime={message.sent_at}>
            {messageTime(message.sent_at, INTL_LOCALE[format.locale])}
          </Typography>
          {mine && message.is_read && (
            <DoneAllIcon
              role="img"
              aria-label={C.read}
              titleAccess={C.read}
              data-testid="read-tick"
              sx={{ fontSize: 15, color: '#B3E5FC' }}
            />
          )}
        </Stack>
      </Box>
      <SafetyMark message={message} onReport={onReport} />
    </Box>
  );
}

interface MessageListProps {
  messages: ChatMessage[];
  loading: boolean;
  loadFailed: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** A safety tip's Report: the report dialog, prefilled with this message. */
  onReportMessage: (message: ChatMessage) => void;
}

/** The day-grouped messages (spec §2 Chat dialog), kept scrolled to the newest unless the reader scrolled up. */
export function MessageList({
  messages,
  loading,
  loadFailed,
  hasMore,
  loadingOlder,
  onLoadOlder,
  onReportMessage,
}: MessageListProps) {
  const S = useMessagesTexts().screen;
  const C = useMessagesTexts().chat;
  const format = useFormat();
  const groups = useMemo(
    () => groupByDay(messages, new Date(), INTL_LOCALE[format.locale]),
    [messages, format.locale],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const restore = useRef<{ height: number; top: number } | null>(null);
  const firstSeq = messages[0]?.seq;
  const last = messages.at(-1);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (restore.current) {
      // Older messages were put above: keep what the reader was looking at in place.
      element.scrollTop = element.scrollHeight - restore.current.height + restore.current.top;
      restore.current = null;
    } else if (atBottom.current || last?.is_mine) {
      element.scrollTop = element.scrollHeight;
    }
  }, [firstSeq, last?.seq, last?.is_mine]);

  // A smaller dialog (the phone's keyboard, a turned screen) keeps the newest message in sight.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const loadOlder = () => {
    const element = scroller.current;
    if (element) restore.current = { height: element.scrollHeight, top: element.scrollTop };
    onLoadOlder();
  };

  return (
    <Box
      ref={scroller}
      role="log"
      aria-label={C.messages}
      // Not live itself: it would read out every page of older messages and one's own sends too; the
      // dialog announces the other traveller's new messages in a region of its own (chat-announcer).
      aria-live="off"
      data-testid="chat-messages"
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
      }}
      sx={{ flex: 1, overflowY: 'auto', px: { xs: 1.5, sm: 2 }, py: 1.5 }}
    >
      {loading ? (
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label={C.loadingMessages} />
        </Stack>
      ) : loadFailed ? (
        <Alert severity="warning" variant="outlined">
          {translateMessage(CHAT_MESSAGES.fetchFailed)}
        </Alert>
      ) : messages.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }} data-testid="chat-empty">
          {S.noMessagesYet}
        </Typography>
      ) : (
        <Stack spacing={1}>
          {hasMore && (
            <Box sx={{ textAlign: 'center' }}>
              <Button size="small" onClick={loadOlder} loading={loadingOlder}>
                Show earlier messages
              </Button>
            </Box>
          )}
          {groups.map((group) => (
            <Stack key={group.key} spacing={1} component="section" aria-label={group.label || undefined}>
              {group.label && (
                // The day's chip keeps its width: the divider's lines give way, not its text (large text).
                <Divider sx={{ py: 0.5, '& .MuiDivider-wrapper': { flexShrink: 0 } }}>
                  <Chip
                    size="small"
                    label={
                      group.label === TODAY ? C.today : group.label === YESTERDAY ? C.yesterday : group.label
                    }
                    data-testid="day-separator"
                  />
                </Divider>
              )}
              {group.messages.map((message) => (
                <MessageBubble key={message.message_id} message={message} onReport={onReportMessage} />
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
