import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, DialogContent, IconButton, useMediaQuery, useTheme } from '@mui/material';
import { PageTools, type LoginDialogProps } from '@safarsaathi/web-kit';
import { useSiteTranslation } from '../i18n';
import { LoginFlow } from './LoginFlow';

const TITLE_ID = 'login-dialog-title';

/** Exposed as `site/LoginDialog`; the shell mounts one per page and opens it via useLoginDialog(). */
export default function LoginDialog({ open, onClose, redirectTo, fromIsland }: LoginDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { t } = useSiteTranslation();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={TITLE_ID}
      data-testid="login-dialog"
      // In place of the login island, which was already on the screen: no fade in. (Both durations: with no
      // exit duration the closed dialog never finished leaving and, invisible, kept taking the page's taps.)
      transitionDuration={
        fromIsland ? { enter: 0, exit: theme.transitions.duration.leavingScreen } : undefined
      }
    >
      {/* Full-screen on a phone, the dialog hides the page's header: it carries the language and large text
          controls itself, beside its close button (issue 38). */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, px: 1, pt: 1 }}>
        <PageTools />
        <IconButton aria-label={t('forms.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <DialogContent sx={{ px: { xs: 2.5, sm: 4 }, pt: 1, pb: 4 }}>
        <LoginFlow
          redirectTo={redirectTo}
          onFinished={onClose}
          titleId={TITLE_ID}
          island={fromIsland ? { onClosedFirst: onClose } : undefined}
        />
      </DialogContent>
    </Dialog>
  );
}
