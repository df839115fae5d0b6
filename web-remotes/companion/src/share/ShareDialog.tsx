import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DialogContentText from '@mui/material/DialogContentText';
import type { ShareKind } from '@safarsaathi/contracts';
import { errorMessage } from '@safarsaathi/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { companionApi, shareLinkKey } from '../api';
import { copyText } from '../common/clipboard';
import { formatDate } from '../common/format';
import { useCompanionTexts } from '../i18n';
import { fillPlaceholders, useAirports } from '@safarsaathi/web-kit';
import { ShareTripButton } from './ShareTripButton';
import { sharedTripKey } from './useSharedTripLive';

interface Props {
  /** The trip to share; the dialog is open while it is set. */
  trip: { kind: ShareKind; id: string } | null;
  onClose: () => void;
}

/**
 * The Share dialog of a request or travel plan: the trip's read-only link (the same one each time it
 * opens, until sharing is stopped), Copy, Share (the phone's share sheet, with the family page's words),
 * the last day it works, and Stop sharing.
 */
export function ShareDialog({ trip, onClose }: Props) {
  const S = useCompanionTexts().share;
  return (
    <Dialog
      open={trip !== null}
      onClose={onClose}
      aria-labelledby="share-dialog-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="share-dialog-title">{S.dialogTitle}</DialogTitle>
      {trip && <ShareDialogBody key={`${trip.kind}:${trip.id}`} trip={trip} onClose={onClose} />}
    </Dialog>
  );
}

function ShareDialogBody({ trip, onClose }: { trip: { kind: ShareKind; id: string }; onClose: () => void }) {
  const S = useCompanionTexts().share;
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const [stopped, setStopped] = useState(false);
  // Sharing is idempotent on the server (the current link, or a new one), so it is read like data.
  const link = useQuery({
    queryKey: shareLinkKey(trip.kind, trip.id),
    queryFn: () => companionApi.shareTrip(trip.kind, trip.id),
    retry: false,
    gcTime: 0,
    enabled: !stopped,
  });
  const stop = useMutation({
    mutationFn: () => companionApi.stopSharing(trip.kind, trip.id),
    onSuccess: () => {
      setStopped(true);
      queryClient.removeQueries({ queryKey: shareLinkKey(trip.kind, trip.id) });
    },
  });
  const url = link.data ? `${window.location.origin}${link.data.path}` : '';
  // What the family page shows, so Share sends the owner the same words the family page would.
  const view = useQuery({
    queryKey: sharedTripKey(link.data?.token ?? ''),
    queryFn: ({ signal }) => companionApi.sharedTrip(link.data!.token, signal),
    enabled: link.isSuccess && !stopped,
    retry: false,
  });
  // The message names the cities: Share waits for the airport list (Copy link does not need it).
  const airports = useAirports();

  let body;
  if (stopped) {
    body = (
      <Alert severity="info" role="status">
        {S.stopped}
      </Alert>
    );
  } else if (link.isPending) {
    body = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress size={20} />
        <Typography color="text.secondary">{S.creating}</Typography>
      </Stack>
    );
  } else if (link.isError) {
    body = (
      <Alert severity="error" role="alert">
        {errorMessage(link.error, S.failed)}
      </Alert>
    );
  } else {
    body = (
      <Stack spacing={1.5}>
        <TextField
          label={S.linkLabel}
          value={url}
          fullWidth
          onFocus={(event) => event.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'share-link-url' },
          }}
        />
        <Typography variant="body2" data-testid="share-link-expiry">
          {fillPlaceholders(S.expires, { date: formatDate(link.data.lastDay) })}
        </Typography>
        <Typography variant="body2" color="success.main" role="status" sx={{ minHeight: '1.5em' }}>
          {copied ? S.copied : ''}
        </Typography>
      </Stack>
    );
  }

  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{S.dialogIntro}</DialogContentText>
        {body}
        {stop.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {S.failed}
          </Alert>
        )}
      </DialogContent>
      {/* On a phone the actions stack full width: three side by side do not fit 390 px. */}
      <DialogActions
        disableSpacing
        sx={{
          gap: 1,
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
        }}
      >
        {link.isSuccess && !stopped && (
          <Button color="error" disabled={stop.isPending} onClick={() => stop.mutate()}>
            {S.stopSharing}
          </Button>
        )}
        {link.isSuccess && !stopped && (
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copyText(url).then(() => setCopied(true))}
          >
            {S.copy}
          </Button>
        )}
        {link.isSuccess && !stopped && view.isSuccess && airports && (
          <ShareTripButton trip={view.data} url={url} variant="outlined" onCopied={() => setCopied(true)} />
        )}
        <Button variant="contained" onClick={onClose}>
          {S.close}
        </Button>
      </DialogActions>
    </>
  );
}
