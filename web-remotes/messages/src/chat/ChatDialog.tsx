import CloseIcon from '@mui/icons-material/Close';
import PlaceIcon from '@mui/icons-material/Place';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Dialog,
  DialogTitle,
  Divider,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Typography,
} from '@mui/material';
import {
  BROWSER_EVENTS,
  CHAT_MESSAGES,
  DEFAULT_PARTICIPANT_NAME,
  type Conversation,
} from '@safarsaathi/contracts';
import {
  airportCity,
  browserZone,
  dispatchWindowEvent,
  fillPlaceholders,
  formatInZone,
  LiveRegion,
  translateMessage,
  useAirports,
  useFormat,
  type ChatDialogProps,
} from '@safarsaathi/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CONVERSATIONS_KEY } from '../api';
import { serviceTitle } from '../conversations/conversationList';
import { ServiceIcon } from '../conversations/ServiceIcon';
import { MessageInput } from './MessageInput';
import { MessageList } from './MessageList';
import { ReportDialog, type FlaggedMessage } from './ReportDialog';
import { useConversation } from './useConversation';
import { useMessagesTexts } from '../i18n';
import { useIncomingAnnouncement } from './useIncomingAnnouncement';
import { useMeetingPoints, type MeetingPoint } from './useMeetingPoints';

/** The meeting point under the dialog's title: where, and when in the origin airport's zone (named). */
function MeetingLine({ meeting }: { meeting: MeetingPoint }) {
  const C = useMessagesTexts().chat;
  const format = useFormat();
  const airports = useAirports();
  const zone = meeting.zone ?? browserZone();
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'flex-start', mt: 0.5 }}>
      <PlaceIcon color="primary" sx={{ fontSize: 18, mt: 0.25 }} aria-hidden />
      <Typography variant="body2" sx={{ minWidth: 0, wordBreak: 'break-word' }}>
        <Box component="span" sx={{ fontWeight: 700 }}>
          {C.meeting}
        </Box>{' '}
        {fillPlaceholders(meeting.zone ? C.meetingAt : C.meetingAtBrowser, {
          place: meeting.place,
          time: formatInZone(meeting.time, zone, format.locale),
          airport: meeting.airport,
          // The airport's clock named by its city, never a zone name (issue 39); the reader's keeps its zone.
          zone: meeting.zone ? airportCity(airports, meeting.airport) : zone,
        })}
      </Typography>
    </Stack>
  );
}

/** Why nobody can send here, when that is the case. */
function closedReason(conversation: Conversation | undefined): string | null {
  if (!conversation || conversation.can_send) return null;
  if (conversation.other_participant_deleted) return translateMessage(CHAT_MESSAGES.otherDeleted);
  if (conversation.blocked_by_me) return translateMessage(CHAT_MESSAGES.blockDone);
  return translateMessage(CHAT_MESSAGES.sendingClosed);
}

function ChatDialogContent({
  open,
  conversationId,
  otherParticipantName,
  serviceType,
  notice,
  onClose,
}: ChatDialogProps) {
  const C = useMessagesTexts().chat;
  const queryClient = useQueryClient();
  const chat = useConversation(conversationId, open);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  // Open from the menu (true), or from a safety tip with the message it is about.
  const [reporting, setReporting] = useState<boolean | FlaggedMessage>(false);

  const conversation = chat.conversation;
  const name = conversation?.other_participant_name || otherParticipantName || DEFAULT_PARTICIPANT_NAME;
  const service = conversation?.service_type ?? serviceType;
  const reason = closedReason(conversation);
  const titleId = `chat-title-${conversationId}`;
  const incoming = useIncomingAnnouncement(chat.messages, { open, loading: chat.loading }, name);
  const meetings = useMeetingPoints(conversationId, open && service === 'companion');

  // Closing refreshes the conversation list and the unread badge (spec §2 Messages screen).
  const close = () => {
    setMenuAnchor(null);
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    dispatchWindowEvent(BROWSER_EVENTS.refreshUnreadCount);
    onClose();
  };

  const menuAction = (action: () => void) => () => {
    setMenuAnchor(null);
    action();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="chat-dialog"
      slotProps={{
        paper: {
          sx: {
            height: { xs: '60%', sm: '80%' },
            m: { xs: 1.5, sm: 4 },
            width: { xs: 'calc(100% - 24px)', sm: 'calc(100% - 64px)' },
            display: 'flex',
            flexDirection: 'column',
            overflow: 'hidden',
          },
        },
      }}
    >
      <DialogTitle component="div" sx={{ py: 1.25, pl: { xs: 1.5, sm: 2 }, pr: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar sx={{ bgcolor: 'primary.light', width: 40, height: 40 }}>
            <ServiceIcon serviceType={service} fontSize="small" aria-hidden />
          </Avatar>
          <Box id={titleId} sx={{ flex: 1, minWidth: 0 }}>
            {/* Both lines wrap rather than end in "…": a long name or a service's name in a long script
                stays whole on a phone with large text. */}
            <Typography
              variant="subtitle1"
              component="h2"
              sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'break-word' }}
            >
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="chat-service">
              {C.services[service as keyof typeof C.services] ?? serviceTitle(service)}
            </Typography>
          </Box>
          <IconButton
            aria-label={C.options}
            aria-haspopup="menu"
            aria-expanded={Boolean(menuAnchor)}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            disabled={!conversation}
          >
            <MoreVertIcon />
          </IconButton>
          <IconButton aria-label={C.close} onClick={close}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {meetings.length > 0 && (
          <Box data-testid="chat-meeting" sx={{ pl: { xs: 0, sm: 6.5 } }}>
            {meetings.map((meeting) => (
              <MeetingLine key={meeting.caseid} meeting={meeting} />
            ))}
          </Box>
        )}
      </DialogTitle>
      <Menu
        anchorEl={menuAnchor}
        open={Boolean(menuAnchor)}
        onClose={() => setMenuAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {conversation && !conversation.other_participant_deleted && (
          <MenuItem
            onClick={menuAction(() => chat.setBlocked(!conversation.blocked_by_me))}
            disabled={chat.blockPending}
          >
            <ListItemText
              primary={conversation.blocked_by_me ? C.unblock : C.block}
              secondary={conversation.blocked_by_me ? C.unblockHint : C.blockHint}
            />
          </MenuItem>
        )}
        <MenuItem onClick={menuAction(() => setReporting(true))}>
          <ListItemText primary={C.report} secondary={C.reportHint} />
        </MenuItem>
      </Menu>
      <Divider />

      {(notice || reason || chat.blockError) && (
        <Stack spacing={1} sx={{ px: { xs: 1.5, sm: 2 }, pt: 1.5 }}>
          {notice && (
            <Alert severity="success" data-testid="chat-notice">
              {notice}
            </Alert>
          )}
          {chat.blockError && <Alert severity="error">{chat.blockError}</Alert>}
          {reason && (
            <Alert
              severity="info"
              data-testid="chat-closed-reason"
              action={
                conversation?.blocked_by_me ? (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => chat.setBlocked(false)}
                    disabled={chat.blockPending}
                  >
                    Unblock
                  </Button>
                ) : undefined
              }
            >
              {reason}
            </Alert>
          )}
        </Stack>
      )}

      <MessageList
        messages={chat.messages}
        loading={chat.loading}
        loadFailed={chat.loadFailed}
        hasMore={chat.hasMore}
        loadingOlder={chat.loadingOlder}
        onLoadOlder={chat.loadOlder}
        onReportMessage={(message) => setReporting({ seq: message.seq, text: message.message_text })}
      />

      <LiveRegion message={incoming} testId="chat-announcer" />

      <Divider />
      <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
        <MessageInput
          onSend={chat.send}
          sending={chat.sending}
          disabled={!conversation || Boolean(reason)}
          error={chat.sendError}
          onEdit={chat.clearSendError}
        />
      </Box>

      <ReportDialog
        open={reporting !== false}
        conversationId={conversationId}
        otherName={name}
        flagged={reporting === false || reporting === true ? undefined : reporting}
        onClose={() => setReporting(false)}
      />
    </Dialog>
  );
}

/**
 * The chat dialog (spec §2 Chat dialog, §4 Chat), exposed as `messages/ChatDialog`: the Messages screen
 * opens it, and so do the search widget and the companion screen through web-kit's EmbeddedChatDialog.
 */
export default function ChatDialog(props: ChatDialogProps) {
  // A new conversation starts from a clean state (older pages, read marks, the draft).
  return <ChatDialogContent key={props.conversationId} {...props} />;
}
