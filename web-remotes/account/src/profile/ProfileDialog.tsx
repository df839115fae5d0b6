import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DialogContentText from '@mui/material/DialogContentText';
import { PROFILE_MESSAGES } from '@safarsaathi/contracts';
import { errorMessage, translateMessage, useSession } from '@safarsaathi/web-kit';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { accountApi } from '../api';
import { useAccountTranslation } from '../i18n';
import { SessionsSection } from './SessionsSection';

function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />;
}

interface ProfileDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Full name, phone and e-mail (read-only), and the Delete Profile section with its confirmation. */
export function ProfileDialog({ open, onClose }: ProfileDialogProps) {
  const { user, forgetSession } = useSession();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { t } = useAccountTranslation();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const deleteProfile = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await accountApi.deleteAccount();
      // The server ended every session and cleared the cookie: go home and forget the user.
      await forgetSession();
    } catch (error) {
      setDeleteError(errorMessage(error, PROFILE_MESSAGES.deleteFailed));
      setConfirming(false);
      setDeleting(false);
    }
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={deleting ? undefined : onClose}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="sm"
        aria-labelledby="profile-dialog-title"
        data-testid="profile-dialog"
      >
        <DialogTitle id="profile-dialog-title">{t('forms.profileTitle')}</DialogTitle>
        <DialogContent>
          {user ? (
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <ReadOnlyField label={t('forms.fullName')} value={user.fullname} />
              <ReadOnlyField label={t('forms.phoneNumber')} value={user.phone_number} />
              <ReadOnlyField label={t('forms.emailAddress')} value={user.email_address} />
              <Typography variant="caption" color="text.secondary">
                {t('forms.readOnly')}
              </Typography>
              <Divider />
              <SessionsSection />
              <Divider />
              <Box
                component="section"
                aria-labelledby="delete-profile-heading"
                sx={{ border: 1, borderColor: 'error.light', borderRadius: 2, p: 2 }}
              >
                <Typography
                  id="delete-profile-heading"
                  variant="subtitle1"
                  component="h3"
                  color="error"
                  sx={{ fontWeight: 700 }}
                >
                  {t('deleteProfile')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
                  {t('forms.deleteHint')}
                </Typography>
                {deleteError && (
                  <Alert severity="error" sx={{ mb: 2 }} data-testid="delete-profile-error">
                    {deleteError}
                  </Alert>
                )}
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  onClick={() => setConfirming(true)}
                  disabled={deleting}
                >
                  {t('deleteProfile')}
                </Button>
              </Box>
            </Stack>
          ) : (
            <Alert severity="error">{translateMessage(PROFILE_MESSAGES.loadFailed)}</Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, justifyContent: 'space-between' }}>
          <Button component={RouterLink} to="/profile" onClick={onClose} disabled={deleting}>
            {t('forms.openProfilePage')}
          </Button>
          <Button onClick={onClose} disabled={deleting}>
            {t('forms.close')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={confirming}
        onClose={deleting ? undefined : () => setConfirming(false)}
        maxWidth="xs"
        aria-labelledby="delete-profile-confirm-title"
        aria-describedby="delete-profile-confirm-text"
        data-testid="delete-profile-confirm"
      >
        <DialogTitle id="delete-profile-confirm-title">{t('deleteConfirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-profile-confirm-text">{t('deleteConfirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)} disabled={deleting}>
            {t('forms.cancel')}
          </Button>
          <Button variant="contained" color="error" onClick={() => void deleteProfile()} loading={deleting}>
            {t('forms.confirmDelete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
