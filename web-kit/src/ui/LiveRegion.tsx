import { Box } from '@mui/material';

/** Off screen but read by screen readers (the usual clip pattern; `display: none` would silence it). */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

interface LiveRegionProps {
  /** What to announce; '' between announcements, so the same text said twice is announced twice. */
  message: string;
  testId?: string;
}

/**
 * A polite live region (role="status") that is always in the page: screen readers announce only
 * changes to a region that already existed, so a region mounted together with its text says nothing.
 */
export function LiveRegion({ message, testId }: LiveRegionProps) {
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" data-testid={testId} sx={VISUALLY_HIDDEN}>
      {message}
    </Box>
  );
}
