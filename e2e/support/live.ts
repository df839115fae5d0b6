/** The live stream's state as the page shows it (`<html data-live-stream>`), shared by the live-update specs. */
import { expect, type Page } from '@playwright/test';

export async function expectStream(page: Page, state: 'connected' | 'down', timeout = 15_000): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-live-stream', state, { timeout });
}
