/// <reference lib="dom" />
/**
 * The dashboard's frame (web-shell/scripts/dashboard-first-paint.ts): a signed-in phone opening /dashboard
 * paints the page's frame from the HTML alone, while the shell's scripts load, and the shell's first render
 * replaces it with the real dashboard where the frame stood.
 */
import { expect, test } from '@playwright/test';
import { createSignedInUser } from '../../platform/src/testing/users';
import { signedInPage } from '../support/pairs';
import { shot } from '../support/ui';

const SHOTS = process.env.E2E_SHOTS_DIR;

const SCREENS = [
  { name: 'phone', viewport: { width: 412, height: 823 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const screen of SCREENS)
  test(`${screen.name}, signed in: /dashboard paints its frame before any script, then the real dashboard replaces it in place`, async ({
    browser,
    baseURL,
  }) => {
    // A name as long as most: two lines beside the buttons on a phone, one on a computer, as the frame assumes.
    const user = await createSignedInUser(baseURL!, { fullname: 'Meera Iyer' });
    const { context, page } = await signedInPage(browser, baseURL!, user.client, screen.viewport);
    // The shell's entry is held back: the frame has to stand on its own.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/static\/js\/index\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard', { waitUntil: 'commit' });
    const frame = page.locator('#root .dp');
    const searchHeading = frame.getByRole('heading', { name: 'Search Travelers & Requests' });
    await expect(searchHeading).toBeVisible();
    await expect(frame.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    await expect(frame.getByRole('link', { name: /Companion Service/ })).toHaveAttribute(
      'href',
      '/companion-service',
    );
    await expect(frame.getByRole('navigation').getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await shot(page, SHOTS, `dashboard-frame-${screen.name}`);
    const framed = (await searchHeading.boundingBox())!;

    release();
    await expect(page.getByTestId('dashboard-welcome')).toHaveText('Welcome, Meera Iyer', {
      timeout: 30_000,
    });
    await expect(frame).toHaveCount(0);
    // By its tag: a first visit's guided tour hides the page from the accessibility tree meanwhile.
    const real = (await page.getByTestId('search-widget').locator('h2').boundingBox())!;
    // The real heading comes where the frame's was (what a phone sees move is what it reads next); only the
    // greeting's length, which the frame cannot know, could move it.
    expect(Math.abs(real.y - framed.y)).toBeLessThanOrEqual(4);
    expect(Math.abs(real.x - framed.x)).toBeLessThanOrEqual(2);
    await shot(page, SHOTS, `dashboard-real-${screen.name}`);
    await context.close();
  });
