import { Box, Button, Modal, Paper, Stack, Typography } from '@mui/material';
import MobileStepper from '@mui/material/MobileStepper';
import { LIMITS } from '@safarsaathi/contracts';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { TOUR_STEPS } from './tourSteps';
import { useAccountTranslation } from '../i18n';

if (TOUR_STEPS.length !== LIMITS.tourSteps)
  console.error('The guided tour must have', LIMITS.tourSteps, 'steps');

const GAP = 12;
const MARGIN = 12;
const SPOTLIGHT_PADDING = 6;

interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The visible element marked `data-tour="<target>"` (the side bar and the bottom bar share one name). */
function findTarget(target: string): HTMLElement | null {
  const candidates = document.querySelectorAll<HTMLElement>(`[data-tour="${target}"]`);
  for (const element of candidates) {
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) return element;
  }
  return null;
}

function toRect(element: HTMLElement): Rect {
  const { top, left, width, height } = element.getBoundingClientRect();
  return { top, left, width, height };
}

/** Where the card goes: below the target, else above, else beside it, else over its lower part. */
function placeCard(
  target: Rect | null,
  card: { width: number; height: number },
  { width: vw, height: vh }: { width: number; height: number },
) {
  const clamp = (value: number, max: number) => Math.max(MARGIN, Math.min(value, max - MARGIN));
  if (!target) return { top: clamp((vh - card.height) / 2, vh), left: clamp((vw - card.width) / 2, vw) };

  const bottom = target.top + target.height;
  const right = target.left + target.width;
  const centredLeft = clamp(target.left + target.width / 2 - card.width / 2, vw - card.width);
  if (bottom + GAP + card.height <= vh - MARGIN) return { top: bottom + GAP, left: centredLeft };
  if (target.top - GAP - card.height >= MARGIN)
    return { top: target.top - GAP - card.height, left: centredLeft };
  const sideTop = clamp(target.top, vh - card.height);
  if (right + GAP + card.width <= vw - MARGIN) return { top: sideTop, left: right + GAP };
  if (target.left - GAP - card.width >= MARGIN) return { top: sideTop, left: target.left - GAP - card.width };
  return { top: clamp(vh - card.height - MARGIN, vh - card.height), left: centredLeft };
}

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const viewportSnapshot = () => `${window.innerWidth}x${window.innerHeight}`;
const noSubscription = () => () => undefined;
const closedSnapshot = () => '0x0';

/**
 * The window's size, re-rendering on resize, while the tour is open. Closed (every visit after the first), it
 * reads nothing: the window's size is a layout read, and React reads a snapshot during the page's first render
 * and again at its commit, each time forcing the layout of the page it is building (on a phone, a third of the
 * dashboard's longest task).
 */
function useViewportSize(open: boolean): { width: number; height: number } {
  const snapshot = open ? viewportSnapshot : closedSnapshot;
  const [width = 0, height = 0] = useSyncExternalStore(
    open ? subscribeToResize : noSubscription,
    snapshot,
    snapshot,
  )
    .split('x')
    .map(Number);
  return { width, height };
}

/** Tracks the target's position on screen (scrolling and resizing move it). */
function useTargetRect(target: string | undefined): Rect | null {
  const [measured, setMeasured] = useState<{ target: string; rect: Rect | null } | null>(null);

  useLayoutEffect(() => {
    if (!target) return;
    const element = findTarget(target);
    element?.scrollIntoView({ block: 'center', inline: 'nearest' });
    const update = () => setMeasured({ target, rect: element ? toRect(element) : null });
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [target]);

  // A step without a target (or before its measurement) gets a centred card.
  return target && measured?.target === target ? measured.rect : null;
}

interface GuidedTourProps {
  open: boolean;
  /** Called on Get Started and on Skip Tour: either way the tour is done for good. */
  onComplete: () => void;
}

/** The nine-step guided tour of the dashboard: a highlighted element and a card with Previous and Next. */
export function GuidedTour({ open, onComplete }: GuidedTourProps) {
  const [index, setIndex] = useState(0);
  const step = TOUR_STEPS[index] ?? TOUR_STEPS[0]!;
  const { t } = useAccountTranslation();
  const isFirst = index === 0;
  const isLast = index === TOUR_STEPS.length - 1;
  const targetRect = useTargetRect(open ? step.target : undefined);
  // A callback ref (state): the modal mounts its content a render after `open`, and the card must be
  // measured once it is really there (and again whenever its size changes with the step's text).
  const [card, setCard] = useState<HTMLDivElement | null>(null);
  const [cardSize, setCardSize] = useState<{ width: number; height: number } | null>(null);
  const viewport = useViewportSize(open);

  useEffect(() => {
    if (!card) return;
    const observer = new ResizeObserver(() =>
      setCardSize({ width: card.offsetWidth, height: card.offsetHeight }),
    );
    observer.observe(card);
    return () => observer.disconnect();
  }, [card]);

  const cardPosition = cardSize ? placeCard(targetRect, cardSize, viewport) : null;

  // The card stays hidden until it is measured and placed, so the main button's autoFocus comes too
  // early on opening (a hidden element takes no focus): focus it once the card shows, for keyboards.
  const mainButton = useRef<HTMLButtonElement>(null);
  const placed = cardPosition !== null;
  useEffect(() => {
    if (open && placed) mainButton.current?.focus();
  }, [open, placed]);

  const finish = () => {
    setIndex(0);
    onComplete();
  };

  return (
    <Modal open={open} disableEscapeKeyDown disableScrollLock hideBackdrop aria-labelledby="tour-title">
      <Box sx={{ position: 'fixed', inset: 0, outline: 'none' }} data-testid="guided-tour-overlay">
        {targetRect ? (
          <Box
            aria-hidden
            sx={{
              position: 'fixed',
              top: targetRect.top - SPOTLIGHT_PADDING,
              left: targetRect.left - SPOTLIGHT_PADDING,
              width: targetRect.width + SPOTLIGHT_PADDING * 2,
              height: targetRect.height + SPOTLIGHT_PADDING * 2,
              borderRadius: 2,
              boxShadow: '0 0 0 9999px rgba(10, 25, 49, 0.6)',
              outline: '3px solid',
              outlineColor: 'secondary.main',
              pointerEvents: 'none',
              transition: 'all 200ms ease',
            }}
            data-testid="tour-spotlight"
          />
        ) : (
          <Box aria-hidden sx={{ position: 'fixed', inset: 0, bgcolor: 'rgba(10, 25, 49, 0.6)' }} />
        )}
        <Paper
          ref={setCard}
          role="dialog"
          aria-modal="true"
          aria-labelledby="tour-title"
          aria-describedby="tour-body"
          data-testid="guided-tour"
          data-step={step.id}
          elevation={12}
          tabIndex={-1}
          sx={{
            position: 'fixed',
            top: cardPosition?.top ?? '50%',
            left: cardPosition?.left ?? '50%',
            visibility: cardPosition ? 'visible' : 'hidden',
            width: 360,
            maxWidth: `calc(100vw - ${MARGIN * 2}px)`,
            p: 2.5,
            borderRadius: 3,
            outline: 'none',
          }}
        >
          <Typography variant="overline" color="text.secondary" data-testid="tour-progress">
            {t('tour.progress', { step: index + 1, total: TOUR_STEPS.length })}
          </Typography>
          <Typography id="tour-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t(`tour.steps.${step.id}.title`)}
          </Typography>
          <Typography id="tour-body" color="text.secondary">
            {t(`tour.steps.${step.id}.body`)}
          </Typography>
          <MobileStepper
            variant="dots"
            steps={TOUR_STEPS.length}
            position="static"
            activeStep={index}
            backButton={null}
            nextButton={null}
            sx={{ justifyContent: 'center', bgcolor: 'transparent', px: 0, py: 1.5 }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            {isFirst ? (
              <Button onClick={finish} color="inherit">
                {t('tour.skip')}
              </Button>
            ) : (
              <Button onClick={() => setIndex((i) => Math.max(0, i - 1))} color="inherit">
                {t('tour.previous')}
              </Button>
            )}
            {isLast ? (
              <Button variant="contained" onClick={finish} autoFocus ref={mainButton}>
                {t('tour.done')}
              </Button>
            ) : (
              <Button variant="contained" onClick={() => setIndex((i) => i + 1)} autoFocus ref={mainButton}>
                {t('tour.next')}
              </Button>
            )}
          </Stack>
        </Paper>
      </Box>
    </Modal>
  );
}
