import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import DialogContentText from '@mui/material/DialogContentText';
import { useCompanionTexts } from '../i18n';

interface Props {
  caseid: string | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

export function CancelDialog({ caseid, busy, onClose, onConfirm }: Props) {
  const T = useCompanionTexts().companion;
  return (
    <Dialog
      open={caseid !== null}
      onClose={busy ? undefined : onClose}
      aria-labelledby="cancel-request-title"
    >
      <DialogTitle id="cancel-request-title">{T.cancelTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{T.cancelText}</DialogContentText>
        <Typography variant="body2" sx={{ mt: 1.5, fontWeight: 600 }}>
          Request ID: {caseid}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {T.keepRequest}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {busy ? T.cancelling : T.confirmCancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
