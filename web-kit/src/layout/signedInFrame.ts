/**
 * Geometry of the signed-in frame the shell draws around private pages, for remotes that place
 * fixed elements (the help button sits above the bottom bar on phones).
 */
export const SIGNED_IN_FRAME = {
  /** Width of the side bar on md and wider; the page content is offset by it. */
  sidebarWidth: 80,
  /** Height of the bottom navigation below md. */
  bottomNavHeight: 56,
  /** With large text (easy reading) its labels take two lines, so it is taller. */
  bottomNavHeightLargeText: 88,
  /**
   * Height of the top bar above every private page (language and easy reading, issue 38); the dashboard's
   * build-time frame (web-shell/scripts/dashboard-first-paint.ts) draws the same.
   */
  topBarHeight: 56,
} as const;

/** The bottom bar's height for the page's easy-reading choice. */
export const bottomNavHeight = (largeText: boolean): number =>
  largeText ? SIGNED_IN_FRAME.bottomNavHeightLargeText : SIGNED_IN_FRAME.bottomNavHeight;
