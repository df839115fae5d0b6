import { Box, FormHelperText, Link, Stack, TextField, Typography } from '@mui/material';
import { LIMITS } from '@safarsaathi/contracts';
import { useFormat } from '@safarsaathi/web-kit';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useSiteTranslation } from '../i18n';

const LENGTH = LIMITS.otpLength;
const RESEND_COUNTDOWN_SECONDS = LIMITS.otpResendCountdownMs / 1000;

/**
 * The code is held as text with a space for an empty box ("1 3" has boxes 1 and 3 filled), so a box
 * emptied in the middle keeps its place and the form's schema (six digits) answers any gap.
 */
const boxesOf = (value: string): string[] =>
  Array.from({ length: LENGTH }, (_, index) => (/\d/.test(value[index] ?? '') ? value[index]! : ''));
const valueOf = (boxes: readonly string[]): string =>
  boxes
    .map((box) => box || ' ')
    .join('')
    .trimEnd();

/** Digits of a code received as text (a dev-mode code, a paste): non-digits dropped, at most six. */
export const codeFromText = (text: string): string => text.replace(/\D/g, '').slice(0, LENGTH);

/**
 * Seconds left until `seconds` after the code was sent; `restart()` starts again. Read from the clock at
 * each tick rather than counted down, so a throttled background tab still shows the true wait.
 */
function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const done = now >= deadline;
  useEffect(() => {
    if (done) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline, done]);
  const restart = () => {
    const sentAt = Date.now();
    setNow(sentAt);
    setDeadline(sentAt + seconds * 1000);
  };
  return { secondsLeft: Math.max(0, Math.ceil((deadline - now) / 1000)), restart };
}

interface CodeEntryProps {
  value: string;
  onChange: (value: string) => void;
  /** Visible label of the group of boxes (it names the group for screen readers too). */
  label: ReactNode;
  /** Shown under the boxes and announced. */
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Sends a new code; resolves true when it was sent, which restarts the countdown. */
  onResend: () => Promise<boolean>;
  /** While something else is busy (verifying, sending). */
  resendDisabled?: boolean;
}

/**
 * The one code entry of the sign-in (login dialog, /login, /otp-verification): six single-digit boxes
 * (typing moves on, Backspace goes back, a pasted or autofilled code fills the boxes), the error under
 * them, and 'Resend OTP' once the 30-second countdown since the code was sent has run out.
 */
export function CodeEntry({
  value,
  onChange,
  label,
  error,
  disabled,
  autoFocus,
  onResend,
  resendDisabled,
}: CodeEntryProps) {
  const id = useId();
  const { t } = useSiteTranslation();
  const format = useFormat();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const countdown = useCountdown(RESEND_COUNTDOWN_SECONDS);
  const digits = boxesOf(value);
  const focusBox = (index: number) => boxes.current[Math.min(Math.max(index, 0), LENGTH - 1)]?.focus();
  const setDigit = (index: number, digit: string) =>
    onChange(valueOf(digits.map((d, i) => (i === index ? digit : d))));

  /** Writes digits from `start` onwards, then focuses the box after the last one written. */
  const fillFrom = (start: number, text: string) => {
    const incoming = text.replace(/\D/g, '').slice(0, LENGTH - start);
    if (!incoming) return;
    onChange(
      valueOf(digits.map((d, i) => (i >= start && i < start + incoming.length ? incoming[i - start]! : d))),
    );
    focusBox(start + incoming.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      setDigit(index, event.key);
      focusBox(index + 1);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) setDigit(index, '');
      else if (index > 0) {
        setDigit(index - 1, '');
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + (event.key === 'ArrowLeft' ? -1 : 1));
    } else if (event.key.length === 1) {
      event.preventDefault(); // digits only
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = codeFromText(event.clipboardData.getData('text'));
    // A whole code goes into all the boxes wherever it is pasted; a part continues from this box.
    fillFrom(pasted.length === LENGTH ? 0 : index, pasted);
  };

  // A refused code (or a short one) puts the focus back in the boxes: the first empty box, else the first,
  // so the keyboard user types the new code straight away (the boxes are disabled while it is checked,
  // which drops the focus).
  const firstEmpty = digits.findIndex((digit) => !digit);
  useEffect(() => {
    if (error && !disabled) focusBox(firstEmpty === -1 ? 0 : firstEmpty);
    // Only when an error appears or the boxes come back, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, disabled]);

  const resend = async () => {
    if (await onResend()) countdown.restart();
  };

  return (
    <Stack spacing={1.5}>
      <Box role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
        <Typography
          id={`${id}-label`}
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'center', mb: 1.5, wordBreak: 'break-word' }}
        >
          {label}
        </Typography>
        <Box sx={{ display: 'flex', gap: { xs: 0.75, sm: 1 }, justifyContent: 'center' }}>
          {digits.map((digit, index) => (
            <TextField
              key={index}
              value={digit}
              disabled={disabled}
              error={Boolean(error)}
              autoFocus={autoFocus && index === 0}
              inputRef={(element: HTMLInputElement | null) => {
                boxes.current[index] = element;
              }}
              // Keyboards that send no usable key events (mobile, autofill, scripted input) end up here.
              onChange={(event) =>
                event.target.value === '' ? setDigit(index, '') : fillFrom(index, event.target.value)
              }
              onFocus={(event) => event.target.select()}
              slotProps={{
                htmlInput: {
                  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => onKeyDown(index, event),
                  onPaste: (event: ClipboardEvent<HTMLInputElement>) => onPaste(index, event),
                  'aria-label': t('forms.digitOf', {
                    index: format.number(index + 1),
                    total: format.number(LENGTH),
                  }),
                  'aria-invalid': Boolean(error),
                  'aria-describedby': error ? `${id}-error` : undefined,
                  'data-testid': `otp-digit-${index + 1}`,
                  inputMode: 'numeric',
                  pattern: '[0-9]*',
                  autoComplete: index === 0 ? 'one-time-code' : 'off',
                  style: { textAlign: 'center', fontSize: '1.4rem', padding: '10px 0' },
                },
              }}
              sx={{ width: { xs: 42, sm: 50 } }}
            />
          ))}
        </Box>
        {/* Always in the page, so a new error is announced (a live region added with its text may not be). */}
        <FormHelperText
          id={`${id}-error`}
          error
          role="alert"
          sx={{ textAlign: 'center', minHeight: error ? undefined : 0, m: 0, mt: error ? 1 : 0 }}
        >
          {error}
        </FormHelperText>
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        {countdown.secondsLeft > 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="resend-countdown">
            {t('forms.resendIn', { seconds: format.number(countdown.secondsLeft) })}
          </Typography>
        ) : (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => void resend()}
            disabled={resendDisabled}
          >
            {t('forms.resendOtp')}
          </Link>
        )}
      </Box>
    </Stack>
  );
}
