import { Box, TextField } from '@mui/material';
import { LIMITS } from '@safarsaathi/contracts';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { OtpDigits } from './otpCode';

interface OtpInputProps {
  digits: OtpDigits;
  onChange: (digits: OtpDigits) => void;
  disabled?: boolean;
  error?: boolean;
  autoFocus?: boolean;
}

/**
 * Six single-digit boxes: typing moves to the next box, Backspace on an empty box goes back, and a
 * paste (or autofill) drops non-digits and fills as many boxes as it has digits.
 */
export function OtpInput({ digits, onChange, disabled, error, autoFocus }: OtpInputProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focusBox = (index: number) =>
    boxes.current[Math.min(Math.max(index, 0), LIMITS.otpLength - 1)]?.focus();

  const setDigit = (index: number, digit: string) =>
    onChange(digits.map((d, i) => (i === index ? digit : d)));

  /** Writes digits from `start` onwards, then focuses the box after the last one written. */
  const fillFrom = (start: number, text: string) => {
    const incoming = text.replace(/\D/g, '').slice(0, LIMITS.otpLength - start);
    if (!incoming) return;
    onChange(digits.map((d, i) => (i >= start && i < start + incoming.length ? incoming[i - start]! : d)));
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
      if (digits[index]) {
        setDigit(index, '');
      } else if (index > 0) {
        setDigit(index - 1, '');
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key.length === 1) {
      event.preventDefault(); // digits only
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    // A whole code goes into all the boxes wherever it is pasted; a part continues from this box.
    fillFrom(pasted.length >= LIMITS.otpLength ? 0 : index, pasted);
  };

  // Keyboards that send no usable key events (mobile, autofill, scripted input) end up here.
  const onInput = (index: number, value: string) => {
    if (value === '') setDigit(index, '');
    else fillFrom(index, value);
  };

  return (
    <Box
      role="group"
      aria-label="One-time code"
      sx={{ display: 'flex', gap: { xs: 0.75, sm: 1 }, justifyContent: 'center' }}
    >
      {digits.map((digit, index) => (
        <TextField
          key={index}
          value={digit}
          disabled={disabled}
          error={error}
          autoFocus={autoFocus && index === 0}
          inputRef={(element: HTMLInputElement | null) => {
            boxes.current[index] = element;
          }}
          onChange={(event) => onInput(index, event.target.value)}
          onFocus={(event) => event.target.select()}
          slotProps={{
            htmlInput: {
              onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => onKeyDown(index, event),
              onPaste: (event: ClipboardEvent<HTMLInputElement>) => onPaste(index, event),
              'aria-label': `Digit ${index + 1}`,
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
  );
}
