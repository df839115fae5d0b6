import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchIcon from '@mui/icons-material/Search';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Chip,
  CircularProgress,
  Container,
  List,
  ListItem,
  ListItemButton,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import { BROWSER_EVENTS, LIMITS, type Conversation, type ServiceType } from '@safarsaathi/contracts';
import {
  dispatchWindowEvent,
  useChatDialog,
  useFallbackPolling,
  useFormat,
  useLiveEvent,
  fillPlaceholders,
} from '@safarsaathi/web-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CONVERSATIONS_KEY, chatApi } from '../api';
import ChatDialog from '../chat/ChatDialog';
import { filterConversations, unreadSignature } from '../conversations/conversationList';
import { ServiceIcon } from '../conversations/ServiceIcon';
import { useMessagesTexts } from '../i18n';

const FEATURES = [
  { key: 'realTime', icon: <ForumOutlinedIcon /> },
  { key: 'secure', icon: <LockOutlinedIcon /> },
  { key: 'coordination', icon: <TravelExploreIcon /> },
] as const;

/** Navigation state with which other screens ask this one to open a conversation. */
interface OpenConversationState {
  openConversation?: { conversation_id: string; other_participant_name?: string; service_type?: ServiceType };
}

/** Re-renders every `ms`, so relative times move on while nothing else changes. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

function ConversationRow({
  conversation,
  now,
  onOpen,
}: {
  conversation: Conversation;
  now: number;
  onOpen: () => void;
}) {
  const T = useMessagesTexts().screen;
  const format = useFormat();
  const unread = conversation.unread_count > 0;
  return (
    <ListItemButton
      onClick={onOpen}
      data-testid="conversation-row"
      data-conversation-id={conversation.conversation_id}
      sx={{ py: 1.5, px: { xs: 1.5, sm: 2 }, gap: 1, alignItems: 'center' }}
    >
      <ListItemAvatar sx={{ minWidth: 52 }}>
        <Avatar sx={{ bgcolor: unread ? 'primary.main' : 'primary.light' }}>
          <ServiceIcon serviceType={conversation.service_type} aria-hidden />
        </Avatar>
      </ListItemAvatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography
            variant="subtitle1"
            component="p"
            noWrap
            sx={{ fontWeight: unread ? 800 : 600 }}
            data-testid="conversation-name"
          >
            {conversation.other_participant_name}
          </Typography>
          <Typography
            variant="caption"
            color={unread ? 'primary' : 'text.secondary'}
            sx={{ flexShrink: 0, fontWeight: unread ? 700 : 400 }}
            data-testid="conversation-time"
          >
            {conversation.last_message_timestamp
              ? format.relative(conversation.last_message_timestamp, now)
              : T.startConversation}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography
            variant="body2"
            color={unread ? 'text.primary' : 'text.secondary'}
            noWrap
            sx={{
              fontStyle: conversation.last_message ? 'normal' : 'italic',
              fontWeight: unread ? 600 : 400,
            }}
            data-testid="conversation-last-message"
          >
            {conversation.last_message ?? T.noMessagesYet}
          </Typography>
          {unread && (
            <Badge
              badgeContent={conversation.unread_count}
              max={LIMITS.badgeCap}
              color="error"
              data-testid="conversation-unread"
              aria-label={fillPlaceholders(T.unread, { count: conversation.unread_count })}
              sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' }, flexShrink: 0, mr: 0.5 }}
            />
          )}
        </Stack>
      </Box>
    </ListItemButton>
  );
}

/** /messages (spec §2 Messages screen): the conversations, searchable, each opening the chat dialog. */
export default function MessagesPage() {
  const T = useMessagesTexts().screen;
  const location = useLocation();
  const navigate = useNavigate();
  const now = useNow(30_000);
  const [query, setQuery] = useState('');
  const chat = useChatDialog(false);
  const queryClient = useQueryClient();

  const conversations = useQuery({
    queryKey: CONVERSATIONS_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await chatApi.conversations(signal);
      } catch (error) {
        if (signal.aborted) throw error;
        // Spec §8: logged, an empty list shown.
        console.error('Failed to fetch conversations', error);
        return [] as Conversation[];
      }
    },
    refetchInterval: useFallbackPolling(LIMITS.conversationsPollMs),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
  // New conversations, messages and reads change the list's order, previews and unread counts.
  const refetchList = () => void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  useLiveEvent('conversation.created', refetchList);
  useLiveEvent('chat.message', refetchList);
  useLiveEvent('chat.read', refetchList);
  useLiveEvent('conversation.updated', refetchList);
  const list = conversations.data ?? [];
  const shown = filterConversations(list, query);

  // The unread badge follows when the list's counts or last messages change.
  const signature = conversations.data ? unreadSignature(conversations.data) : null;
  const lastSignature = useRef<string | null>(null);
  useEffect(() => {
    if (signature === null) return;
    if (lastSignature.current !== null && lastSignature.current !== signature)
      dispatchWindowEvent(BROWSER_EVENTS.refreshUnreadCount);
    lastSignature.current = signature;
  }, [signature]);

  // Another screen (e.g. a search result's Contact) sent us here to open a conversation.
  const { openChat } = chat;
  const requested = (location.state as OpenConversationState | null)?.openConversation;
  useEffect(() => {
    if (!requested?.conversation_id) return;
    openChat({
      conversationId: requested.conversation_id,
      otherParticipantName: requested.other_participant_name,
      serviceType: requested.service_type,
    });
    // Once only: a reload or going back here does not open it again.
    void navigate(location.pathname, { replace: true, state: null });
  }, [requested, openChat, navigate, location.pathname]);

  const browseServices = () => {
    // "Goes back"; a page opened directly has nothing to go back to, so the dashboard then.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/dashboard');
  };

  let body;
  if (conversations.isPending) {
    body = (
      <Stack sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress size={28} aria-label={T.loading} />
      </Stack>
    );
  } else if (list.length === 0) {
    body = (
      <Stack
        spacing={1.5}
        sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}
        data-testid="messages-empty"
      >
        <ChatOutlinedIcon color="primary" sx={{ fontSize: 56, opacity: 0.7 }} aria-hidden />
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {T.emptyTitle}
        </Typography>
        <Typography color="text.secondary">{T.emptyText}</Typography>
        <Button variant="contained" onClick={browseServices} sx={{ mt: 1 }}>
          {T.browseServices}
        </Button>
      </Stack>
    );
  } else if (shown.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }} data-testid="messages-no-match">
        No conversations match “{query.trim()}”
      </Typography>
    );
  } else {
    body = (
      <List disablePadding aria-label={T.list}>
        {shown.map((conversation, index) => (
          <ListItem
            key={conversation.conversation_id}
            disablePadding
            sx={{ borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}
          >
            <ConversationRow
              conversation={conversation}
              now={now}
              onOpen={() =>
                openChat({
                  conversationId: conversation.conversation_id,
                  otherParticipantName: conversation.other_participant_name,
                  serviceType: conversation.service_type,
                })
              }
            />
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Box sx={{ mb: 3 }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', md: '2.125rem' } }}
        >
          {T.title}
        </Typography>
        <Typography color="text.secondary">{T.subtitle}</Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
          {FEATURES.map(({ key, icon }) => (
            <Chip key={key} icon={icon} label={T.features[key]} variant="outlined" />
          ))}
        </Stack>
      </Box>

      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Box sx={{ p: { xs: 1.5, sm: 2 }, borderBottom: 1, borderColor: 'divider' }}>
          <TextField
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={T.searchPlaceholder}
            size="small"
            fullWidth
            slotProps={{
              htmlInput: { 'aria-label': T.search },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        {body}
      </Paper>

      {chat.dialogProps.conversationId && <ChatDialog {...chat.dialogProps} />}
    </Container>
  );
}
