/** The axe check and the focus-return check shared by the accessibility specs (issue 14). */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Structure rules axe files under best practice (moderate), which issue 14 asks for too: heading levels
 * that do not skip, one main landmark, all content inside landmarks, a level-one heading.
 */
const STRUCTURE_RULES = [
  'heading-order',
  'region',
  'landmark-one-main',
  'page-has-heading-one',
  'landmark-unique',
];

/**
 * WCAG 2.5.3 (label in name, level A): a control's visible text must be part of its accessible name. axe
 * ships the rule as experimental, so it is switched on here; and where axe cannot decide (one letter, an
 * icon font) it asks for a review, which these checks answer: it fails. The reviewer's axe finding on the
 * dashboard's search results (issue 20) was the account button: its letter was not in 'Account menu'.
 */
const LABEL_IN_NAME = 'label-content-name-mismatch';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One line per violation node: rule, impact, help text, where, and why. */
function describe(violations: AxeResults['violations']): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ')}`,
    ),
  );
}

/**
 * Runs axe over the whole page as it is now and records the screen's serious or critical WCAG violations
 * (and any structure violation) as soft failures, so one run lists every screen's problems. Animations
 * are let finish first (a dialog fading in has text at partial opacity, which axe would measure).
 * `modal`: a dialog is open, so the page behind it is inert and the structure rules do not apply.
 * `shotsDir`: a screenshot of the screen is saved there as `<screen>-<size>.png`.
 */
export async function checkScreen(
  page: Page,
  screen: string,
  {
    modal = false,
    shotsDir,
    extraRules = [],
    label,
  }: { modal?: boolean; shotsDir?: string; extraRules?: string[]; label?: string } = {},
): Promise<void> {
  await page.waitForTimeout(400);
  // One axe run for both checks: a rule named in `rules` runs whatever the tags say (axe-core's audit), so the
  // structure rules join the WCAG tags here instead of a second run, which cost about a second per screen.
  // With a dialog open the page behind it is inert, so the structure rules are left out.
  const extra = [LABEL_IN_NAME, ...extraRules, ...(modal ? [] : STRUCTURE_RULES)];
  const rules = Object.fromEntries(extra.map((rule) => [rule, { enabled: true }] as const));
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ rules }).analyze();
  const isStructure = (rule: { id: string }) => STRUCTURE_RULES.includes(rule.id);
  const reviewed = results.incomplete
    .filter((r) => r.id === LABEL_IN_NAME)
    .map((r) => ({
      ...r,
      nodes: r.nodes.map((n) => ({
        ...n,
        failureSummary: 'its visible text (one letter or an icon font) is not in its name',
      })),
    }));
  const serious = [...results.violations.filter((v) => !isStructure(v)), ...reviewed].filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const viewport = page.viewportSize();
  const size = label ?? (viewport && viewport.width < 600 ? 'phone' : 'desktop');
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${screen}-${size}.png` });
  expect.soft(describe(serious), `axe (WCAG, serious or critical) on ${screen} (${size})`).toEqual([]);
  if (!modal) {
    const structure = results.violations.filter(isStructure);
    expect.soft(describe(structure), `axe (structure) on ${screen} (${size})`).toEqual([]);
  }
}

/** Closes a dialog with Escape and expects the keyboard focus back on the control that opened it. */
export async function closeAndExpectFocusOn(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}
