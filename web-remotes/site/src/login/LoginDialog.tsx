import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, IconButton, useMediaQuery, useTheme } from '@mui/material';
import type { LoginDialogProps } from '@safarsaathi/web-kit';
import { useSiteTranslation } from '../i18n';
import { LoginFlow } from './LoginFlow';

const TITLE_ID = 'login-dialog-title';

/** Exposed as `site/LoginDialog`; the shell mounts one per page and opens it via useLoginDialog(). */
export default function LoginDialog({ open, onClose, redirectTo }: LoginDialogProps) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
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
    >
      <IconButton
        aria-label={t('forms.close')}
        onClick={onClose}
        sx={{ position: 'absolute', top: 8, right: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ px: { xs: 2.5, sm: 4 }, py: 4 }}>
        <LoginFlow redirectTo={redirectTo} onFinished={onClose} titleId={TITLE_ID} />
      </DialogContent>
    </Dialog>
  );
}
