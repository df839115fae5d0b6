import { Tooltip, type TooltipProps } from '@mui/material';
import { cloneElement, useState, type MouseEvent, type ReactElement } from 'react';

type HoverChild = ReactElement<{ onMouseEnter?: (event: MouseEvent<HTMLElement>) => void }>;

/**
 * MUI's Tooltip for an element that takes no focus (a line of text), mounted the first time the pointer is over
 * it rather than with the page. A mounted Tooltip renders itself a second time, synchronously, in the commit that
 * shows it (it keeps its child's node in state, set from a ref): one per result card made the landing page's
 * 31 cards cost ≈ 190 ms more blocking time on a phone (CPU ×4; bench/README.md, 2026-11-28). Until then the
 * child renders alone; the first hover mounts the Tooltip open, and from there it behaves as MUI's.
 * Not for focusable children: mounting the Tooltip replaces the child's element, which would lose focus.
 */
export function TooltipOnHover({
  children,
  ...props
}: Omit<TooltipProps, 'children'> & { children: HoverChild }) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  if (!mounted) {
    return cloneElement(children, {
      onMouseEnter: (event: MouseEvent<HTMLElement>) => {
        children.props.onMouseEnter?.(event);
        setMounted(true);
        setOpen(true);
      },
    });
  }
  return (
    <Tooltip {...props} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
      {children}
    </Tooltip>
  );
}
