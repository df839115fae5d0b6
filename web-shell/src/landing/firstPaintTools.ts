/**
 * The language switch and the easy-reading control of the build-time first paints (the landing page's and the
 * dashboard's frame; issue 38: both in every first screen, before any app code). They are plain buttons in the
 * HTML: a tap is remembered (the button shows it is on its way), and once the app has replaced the first paint,
 * the real control is pressed, which opens its menu or panel. So the first tap works, a moment later, instead of
 * being lost with the markup. Bundled into the landing page's start script (startOnIntent.ts, where the tap also
 * starts the app) and into the dashboard frame's own small script (frameTools.ts). No shared module, no DOM
 * library: it must stay a few hundred bytes.
 */

/** What the first paint's buttons carry: which of the two controls they stand for. */
export const TOOL_ATTRIBUTE = 'data-first-paint-tool';

/** The real page's control for each (the test ids of web-kit's LanguageSwitch and EasyReadingMenu). */
export const REAL_CONTROL = {
  language: 'language-switch',
  reading: 'easy-reading-button',
} as const;
export type FirstPaintTool = keyof typeof REAL_CONTROL;

const isTool = (value: string | null): value is FirstPaintTool => value === 'language' || value === 'reading';

/** How long the real page has to appear before a remembered tap is given up. */
const WAIT_MS = 20_000;

/**
 * Watches the first paint in `#root` for a tap on one of its two tools. `onTap`: what a tap does besides (the
 * landing page starts the app with it; the dashboard's app is already starting).
 */
export function watchFirstPaintTools(onTap?: () => void): void {
  const root = document.getElementById('root');
  const firstPaint = root?.firstElementChild;
  if (!root || !firstPaint) return;
  let pending: FirstPaintTool | undefined;
  let observer: MutationObserver | undefined;

  const stop = () => {
    observer?.disconnect();
    document.removeEventListener('click', onClick, true);
  };
  /** The real control, pressed once the first paint is gone and it is there. */
  const press = (): boolean => {
    if (!pending || firstPaint.isConnected) return false;
    const real = root.querySelector<HTMLElement>(`[data-testid="${REAL_CONTROL[pending]}"]`);
    if (!real) return false;
    pending = undefined;
    real.click();
    return true;
  };
  function onClick(event: Event): void {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest(`[${TOOL_ATTRIBUTE}]`);
    const tool = button?.getAttribute(TOOL_ATTRIBUTE) ?? null;
    if (!button || !firstPaint!.contains(button) || !isTool(tool)) return;
    pending = tool;
    for (const other of firstPaint!.querySelectorAll(`[${TOOL_ATTRIBUTE}]`))
      other.removeAttribute('aria-busy');
    button.setAttribute('aria-busy', 'true');
    onTap?.();
    if (observer) return;
    observer = new MutationObserver(() => {
      if (press()) stop();
    });
    observer.observe(root!, { childList: true, subtree: true });
    setTimeout(stop, WAIT_MS);
  }
  document.addEventListener('click', onClick, true);
}
