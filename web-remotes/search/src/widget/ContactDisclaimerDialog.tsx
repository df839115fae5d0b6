import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import type { SearchContactNavigationState, SearchContactTarget } from '@safarsaathi/contracts';
import { useNavigate } from 'react-router';
import { useSearchTranslation } from '../i18n';

const REASONS = ['verify', 'safe', 'matching', 'record'] as const;

/**
 * Shown when a signed-in user contacts a traveller without a request of their own (spec §2 Contact
 * Disclaimer dialog): continuing opens the companion screen in the contact flow.
 */
export function ContactDisclaimerDialog({
  target,
  onClose,
}: {
  target: SearchContactTarget | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const isDocument = target?.service_type === 'document';
  const { t } = useSearchTranslation();

  const continueToCreate = () => {
    if (!target) return;
    const state: SearchContactNavigationState = {
      fromSearchContact: true,
      contactInfo: target,
      originalServiceType: target.service_type,
    };
    onClose();
    void navigate('/companion-service', { state });
  };

  return (
    <Dialog
      open={Boolean(target)}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="contact-disclaimer-title"
    >
      <DialogTitle id="contact-disclaimer-title">{t('disclaimer.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body1">
          {isDocument
            ? t('disclaimer.document')
            : t('disclaimer.companion', { name: target?.target_name ?? t('disclaimer.thisTraveller') })}
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('disclaimer.why')}
        </Typography>
        <List dense>
          {REASONS.map((reason) => (
            <ListItem key={reason} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CheckCircleOutlineIcon color="success" fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={t(`disclaimer.reasons.${reason}.title`)}
                secondary={t(`disclaimer.reasons.${reason}.detail`)}
              />
            </ListItem>
          ))}
        </List>
        <Typography variant="body2" color="text.secondary">
          {t('disclaimer.after')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('disclaimer.cancel')}</Button>
        <Button variant="contained" onClick={continueToCreate}>
          {t('disclaimer.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
