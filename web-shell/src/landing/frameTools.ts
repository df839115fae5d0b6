/**
 * The dashboard frame's one script of its own (built by web-shell/scripts/prerender-landing.ts, placed before the
 * shell's scripts in dashboard*.html): its language and easy-reading buttons work on the first tap, by pressing
 * the real controls once the shell has rendered (firstPaintTools.ts).
 */
import { watchFirstPaintTools } from './firstPaintTools';

watchFirstPaintTools();
