import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import VolumeUpOutlinedIcon from '@mui/icons-material/VolumeUpOutlined';
import { Button, IconButton, Tooltip } from '@mui/material';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { readableText, speakableText, type SpeechWords } from './readAloud';
import { useReadAloud } from './useReadAloud';

export interface ReadAloudButtonProps {
  /**
   * The text to speak, or the element whose visible text is spoken (read when pressed, so it is current).
   * Either is spoken as `speakableText` makes it: no ids, no code read out.
   */
  text?: string;
  source?: RefObject<HTMLElement | null>;
  /** `icon`: a small icon button (chat messages); otherwise a text button. */
  variant?: 'icon' | 'text';
  /** The icon button's name (its tooltip too); the text button says "Read aloud". */
  label?: string;
}

/**
 * "Read aloud" (addendum §4): speaks the text in the page's language; pressed again, stops. Absent
 * when the browser has no voice for the page's language.
 */
export function ReadAloudButton({ text, source, variant = 'text', label }: ReadAloudButtonProps) {
  const { t } = useTranslation('common');
  const { available, speaking, toggle } = useReadAloud();
  if (!available) return null;
  const onClick = () => {
    const element = source?.current;
    // Sentences, not codes: ids left out, the hand-over code described, flight and airport codes spelled.
    const words: SpeechWords = {
      codeOnScreen: t('readAloud.codeOnScreen'),
      route: (from, to) => t('readAloud.route', { from, to }),
    };
    toggle(speakableText(text ?? (element ? readableText(element) : ''), words));
  };
  const name = speaking ? t('readAloud.stop') : (label ?? t('readAloud.read'));
  const icon = speaking ? <StopCircleOutlinedIcon /> : <VolumeUpOutlinedIcon />;
  if (variant === 'icon') {
    return (
      <Tooltip title={name}>
        <IconButton
          size="small"
          color="inherit"
          aria-label={name}
          onClick={onClick}
          data-testid="read-aloud"
          data-read-aloud="skip"
        >
          {icon}
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button variant="text" startIcon={icon} onClick={onClick} data-testid="read-aloud" data-read-aloud="skip">
      {name}
    </Button>
  );
}
