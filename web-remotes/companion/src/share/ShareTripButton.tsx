import ShareIcon from '@mui/icons-material/Share';
import { Button, type ButtonProps } from '@mui/material';
import type { SharedTrip } from '@safarsaathi/contracts';
import { copyText } from '../common/clipboard';
import { useCompanionTexts } from '../i18n';
import { familyShareText, familyTitle } from './familyStatus';
import { useFamilyWords, useTripPlaces } from './useFamilyPage';

interface Props {
  /** The public view the message is written from. */
  trip: SharedTrip;
  /** The family page's address. */
  url: string;
  /** The browser has no share sheet (or refused it): the link was copied instead. */
  onCopied: () => void;
  variant?: ButtonProps['variant'];
}

/**
 * Share a trip through the phone's share sheet (Web Share API) with a message that reads well in WhatsApp,
 * the link last; where `navigator.share` is missing (most computers) the link is copied. Used by the family
 * page and by the owner's Share dialog, so both send the same words.
 */
export function ShareTripButton({ trip, url, onCopied, variant = 'contained' }: Props) {
  const S = useCompanionTexts().share;
  const words = useFamilyWords();
  const places = useTripPlaces(trip);
  return (
    <Button variant={variant} startIcon={<ShareIcon />} onClick={() => void share()} data-testid="share-trip">
      {S.share}
    </Button>
  );

  async function share() {
    // No await before navigator.share: the browser allows it only within the tap.
    if (typeof navigator.share === 'function') {
      try {
        // The link is inside the text, not also in `url`: WhatsApp would print it twice.
        await navigator.share({
          title: familyTitle(trip, words, places),
          text: familyShareText(trip, words, places, url),
        });
        return;
      } catch (error) {
        // Dismissed by the person: nothing more to do. Refused by the browser: copy instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copyText(url);
    onCopied();
  }
}
