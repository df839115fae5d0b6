import { Tooltip, type TooltipProps } from '@mui/material';
import {
  cloneElement,
  useEffect,
  useState,
  type MouseEvent,
  type ReactElement,
  type SyntheticEvent,
  type TouchEvent,
} from 'react';

type HoverChild = ReactElement<{
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
}>;

/** MUI Tooltip's own defaults for a touch: a long press opens it, and it stays this long after the finger lifts. */
const ENTER_TOUCH_DELAY_MS = 700;
const LEAVE_TOUCH_DELAY_MS = 1500;
/** How long after a finger lifts the mouse events a browser emulates for it can still arrive. */
const COMPATIBILITY_MOUSE_EVENTS_MS = 1000;

/**
 * The first touch's long press, timed as MUI times it (see TooltipOnHover): one per tooltip, kept across renders.
 */
class FirstPress {
  private openTimer?: number;
  private closeTimer?: number;
  private endedAt?: number;
  private stopListening?: () => void;

  constructor(private readonly setOpen: (open: boolean) => void) {}

  start(touched: EventTarget, enterMs: number, leaveMs: number): void {
    this.openTimer = window.setTimeout(() => this.setOpen(true), enterMs);
    // The touched node leaves the page when the Tooltip mounts: browsers go on sending that finger's events to
    // it, detached, where they no longer bubble to the document; both are listened to.
    const targets = [document, touched];
    const onEnd = () => {
      this.stopListening?.();
      this.endedAt = performance.now();
      window.clearTimeout(this.openTimer);
      this.closeTimer = window.setTimeout(() => this.setOpen(false), leaveMs);
    };
    this.stopListening = () => {
      for (const target of targets) {
        target.removeEventListener('touchend', onEnd);
        target.removeEventListener('touchcancel', onEnd);
      }
      this.stopListening = undefined;
    };
    for (const target of targets) {
      target.addEventListener('touchend', onEnd);
      target.addEventListener('touchcancel', onEnd);
    }
  }

  /** Whether a mouse event may be one the browser emulates after the finger lifted. */
  justEnded(): boolean {
    return this.endedAt !== undefined && performance.now() - this.endedAt < COMPATIBILITY_MOUSE_EVENTS_MS;
  }

  /** Another opening (MUI's) outlives the first press's closing. */
  keepOpen(): void {
    window.clearTimeout(this.closeTimer);
  }

  dispose(): void {
    window.clearTimeout(this.openTimer);
    window.clearTimeout(this.closeTimer);
    this.stopListening?.();
  }
}

/**
 * MUI's Tooltip for an element that takes no focus (a line of text), mounted the first time the pointer is over
 * it or a finger touches it, rather than with the page. A mounted Tooltip renders itself a second time,
 * synchronously, in the commit that shows it (it keeps its child's node in state, set from a ref): one per result
 * card made the landing page's 31 cards cost ≈ 190 ms more blocking time on a phone (CPU ×4; bench/README.md,
 * 2026-11-28). Until then the child renders alone; the first hover mounts the Tooltip open, and from there it
 * behaves as MUI's.
 * The first touch needs its own path: mounting the Tooltip replaces the child's node, so the finger's long press
 * never reaches MUI's handlers on the new one. This component times that first press itself, as MUI would (open
 * after ENTER_TOUCH_DELAY_MS held, closed LEAVE_TOUCH_DELAY_MS after the finger lifts); later presses are MUI's.
 * Not for focusable children: mounting the Tooltip replaces the child's element, which would lose focus.
 */
export function TooltipOnHover({
  children,
  ...props
}: Omit<TooltipProps, 'children'> & { children: HoverChild }) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const [firstPress] = useState(() => new FirstPress(setOpen));
  useEffect(() => () => firstPress.dispose(), [firstPress]);

  // After a tap the browser sends mouse events for compatibility, and MUI (which never saw the touch) would
  // open on them and stay open; MUI ignores them after a touch it saw, and so does this.
  const onOpen = (event: SyntheticEvent) => {
    if (event.type.startsWith('mouse') && firstPress.justEnded()) return;
    firstPress.keepOpen();
    setOpen(true);
  };

  if (!mounted) {
    return cloneElement(children, {
      onMouseEnter: (event: MouseEvent<HTMLElement>) => {
        children.props.onMouseEnter?.(event);
        setMounted(true);
        setOpen(true);
      },
      onTouchStart: (event: TouchEvent<HTMLElement>) => {
        children.props.onTouchStart?.(event);
        firstPress.start(
          event.target,
          props.enterTouchDelay ?? ENTER_TOUCH_DELAY_MS,
          props.leaveTouchDelay ?? LEAVE_TOUCH_DELAY_MS,
        );
        setMounted(true);
      },
    });
  }
  return (
    <Tooltip {...props} open={open} onOpen={onOpen} onClose={() => setOpen(false)}>
      {children}
    </Tooltip>
  );
}
