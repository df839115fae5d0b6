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

const REASONS = [
  ['Verify travel plans', 'Your request confirms you are really travelling on this route.'],
  ['Ensure safe connections', 'Both travellers are known to each other before they meet.'],
  ['Better matching', 'We can compare flights, dates and layovers for both of you.'],
  ['Keep a record of interactions', 'Your conversation stays linked to your request.'],
] as const;

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
      <DialogTitle id="contact-disclaimer-title">Create a request first</DialogTitle>
      <DialogContent>
        <Typography variant="body1">
          {isDocument
            ? 'To contact this traveller and carry documents, you first need to create a travel request.'
            : `To contact ${target?.target_name ?? 'this traveller'}, you first need to create a companion request.`}
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Why we ask for this:
        </Typography>
        <List dense>
          {REASONS.map(([title, detail]) => (
            <ListItem key={title} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CheckCircleOutlineIcon color="success" fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={title} secondary={detail} />
            </ListItem>
          ))}
        </List>
        <Typography variant="body2" color="text.secondary">
          Once your request is created, a chat with the traveler starts automatically.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={continueToCreate}>
          Continue to Create Request
        </Button>
      </DialogActions>
    </Dialog>
  );
}
