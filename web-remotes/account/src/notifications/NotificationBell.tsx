import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import {
  Badge,
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { LIMITS, fillNotificationText, type Locale, type Notification } from '@safarsaathi/contracts';
import { useNavigate } from 'react-router';
import { useCatalogue, useFormat } from '@safarsaathi/web-kit';
import { useAccountTranslation } from '../i18n';
import { noticesCatalogue } from '../i18n/catalogue';
import { useState } from 'react';
import { useNotifications } from './useNotifications';

/**
 * What a notification says in the reader's language; one stored before texts had keys, or before its words
 * named people, says it in English as stored.
 */
function textOf(
  notification: Notification,
  templates: Parameters<typeof fillNotificationText>[1],
  locale: Locale,
) {
  return (notification.text && fillNotificationText(notification.text, templates, locale)) || notification;
}

/** The bell with the unread badge (capped at 99) and a list of the latest 10 notifications. */
export default function NotificationBell({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const { unreadCount, notifications, loadingList, markRead, markAllRead, markingAll } =
    useNotifications(open);
  // The badge's number is the bell's visible label, so the accessible name must contain it (WCAG 2.5.3).
  const badgeText = unreadCount > LIMITS.badgeCap ? `${LIMITS.badgeCap}+` : String(unreadCount);
  const { t } = useAccountTranslation();
  const format = useFormat();
  const notices = useCatalogue(noticesCatalogue);
  const navigate = useNavigate();
  const bellName =
    unreadCount > 0 ? t('bell.unread', { name: t('notifications'), unread: badgeText }) : t('notifications');

  return (
    <>
      <Tooltip title={t('notifications')}>
        <IconButton
          color={color}
          aria-label={bellName}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="notification-bell"
          data-tour="notifications"
        >
          <Badge
            badgeContent={unreadCount}
            max={LIMITS.badgeCap}
            color="error"
            data-testid="notification-badge"
            data-count={unreadCount}
          >
            <NotificationsNoneIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('notifications'),
            sx: { width: 360, maxWidth: 'calc(100vw - 32px)', maxHeight: 480 },
          },
        }}
      >
        <Box data-testid="notification-list">
          <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
              {t('notifications')}
            </Typography>
            <Button size="small" onClick={markAllRead} disabled={markingAll || unreadCount === 0}>
              {t('markAllRead')}
            </Button>
          </Stack>
          <Divider />
          {loadingList ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress size={28} aria-label={t('bell.loading')} />
            </Box>
          ) : notifications.length === 0 ? (
            <Typography color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
              {t('noNotifications')}
            </Typography>
          ) : (
            <List disablePadding>
              {notifications.map((notification) => (
                <ListItem key={notification.notification_id} disablePadding>
                  <ListItemButton
                    // Opens what the notice is about (the request's card, the profile, the case) and marks it read.
                    onClick={() => {
                      if (!notification.is_read) markRead(notification.notification_id);
                      setAnchor(null);
                      navigate(notification.link);
                    }}
                    data-link={notification.link}
                    data-testid="notification-item"
                    data-read={notification.is_read}
                    sx={{
                      alignItems: 'flex-start',
                      gap: 1.5,
                      bgcolor: notification.is_read ? 'transparent' : 'action.hover',
                      borderBottom: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Box
                      aria-hidden
                      sx={{
                        mt: 0.9,
                        width: 8,
                        height: 8,
                        flexShrink: 0,
                        borderRadius: '50%',
                        bgcolor: notification.is_read ? 'transparent' : 'primary.main',
                      }}
                    />
                    <ListItemText
                      primary={textOf(notification, notices, format.locale).title}
                      secondary={
                        <>
                          <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                            {textOf(notification, notices, format.locale).message}
                          </Box>
                          <Box component="span" sx={{ display: 'block', mt: 0.5, color: 'text.secondary' }}>
                            {format.relative(notification.created_at)}
                            {notification.is_read ? '' : ` · ${t('bell.unreadMark')}`}
                          </Box>
                        </>
                      }
                      slotProps={{
                        primary: { sx: { fontWeight: notification.is_read ? 500 : 700 } },
                        secondary: { component: 'span' },
                      }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}
