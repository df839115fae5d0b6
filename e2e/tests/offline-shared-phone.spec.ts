/// <reference lib="dom" />
/**
 * The offline copy on a shared phone (issue 36, item 5): the service worker's copy of the companion page's
 * answers never holds the hand-over code or a phone number, and it ends with the session. A traveller who
 * signs out everywhere from another device leaves nothing on the phone to show offline: no name, age or
 * code, whether the phone heard the sign-out (the live stream's `session.ended`) or only found its stream
 * refused (the signal lost).
 *
 * Service workers are blocked in the other specs (playwright.config.ts); these tests allow them.
 */
import { expect, test, type Page } from '@playwright/test';
import Redis from 'ioredis';
import { SESSION_COOKIE } from '@safarsaathi/contracts';
import { ApiClient } from '../../platform/src/testing/api-client';
import { signIn } from '../../platform/src/testing/users';
import { sessionIdOf } from '../../platform/src/sessions';
import { matchedPair, requestView, signInAs } from '../support/pairs';

test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 780 } });

const SHOTS = process.env.OFFLINE_SHOTS_DIR;
const API_CACHE = 'safarsaathi-api-v1';
/** The seeker's mother, as matchedPair posts her. */
const PASSENGER = 'Kamala Rao';
const AGE = '79';

/** The seeker's emergency contact: the companion's view shows it from the day before the flight. */
const EMERGENCY = { emergencyContactName: 'Vikram Rao', emergencyContactPhone: '+919812345670' };

/** A seeker and a companion matched on tomorrow's flight; her hand-over code and every phone number in play. */
async function matchedSeeker(baseURL: string) {
  const { need, provide } = await matchedPair(baseURL, 1, EMERGENCY);
  const code = (await requestView(need.client, need.caseid)).trip.handover_code ?? '';
  expect(code).toMatch(/^\d{6}$/);
  expect((await requestView(provide.client, provide.caseid)).trip.emergency_contact).toEqual({
    name: EMERGENCY.emergencyContactName,
    phone: EMERGENCY.emergencyContactPhone,
  });
  return { need, provide, code, phones: [need.phone, provide.phone, EMERGENCY.emergencyContactPhone] };
}

/** Every answer the worker keeps, as text. */
function keptAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.keys()).includes(name)) return [];
    const cache = await caches.open(name);
    return Promise.all((await cache.keys()).map(async (key) => (await cache.match(key))!.text()));
  }, API_CACHE);
}

/** The phone has the trips on screen and the worker has kept them. */
async function tripsSeenOnThePhone(page: Page, code: string): Promise<void> {
  await page.goto('/companion-service');
  const card = page.getByTestId('companion-request-card');
  await expect(card).toContainText(PASSENGER, { timeout: 15_000 });
  await expect(card.getByTestId('handover-code')).toHaveText(code);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(async () => (await keptAnswers(page)).length, { timeout: 20_000 }).toBe(2);
}

/** With no network, the companion page (from the worker) names nobody and shows no code. */
async function offlineShowsNothing(page: Page, code: string, shot: string): Promise<void> {
  await page.context().setOffline(true);
  await page.goto('/companion-service').catch(() => undefined);
  await expect(page.locator('body')).not.toContainText(PASSENGER);
  await expect(page.getByTestId('companion-request-card')).toHaveCount(0);
  await expect(page.getByTestId('handover-code')).toHaveCount(0);
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  expect(text).not.toContain(code);
  expect(text).not.toMatch(new RegExp(`\\b${AGE}\\b`));
  expect(await keptAnswers(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}`, fullPage: true });
}

/** No kept answer holds the hand-over code or any phone number (its ten local digits, however written). */
function expectNoCodeOrPhone(kept: string[], code: string, phones: string[]): void {
  for (const answer of kept) {
    expect(answer).not.toContain(code);
    for (const phone of phones) expect(answer.replace(/[\s-]/g, '')).not.toContain(phone.slice(-10));
  }
}

test('the kept copy of the trips holds no hand-over code and no phone number, on either side', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { need, provide, code, phones } = await matchedSeeker(baseURL!);
  await signInAs(page.context(), baseURL!, need.client);
  await tripsSeenOnThePhone(page, code);
  const kept = await keptAnswers(page);
  expect(kept.join('\n')).toContain(PASSENGER);
  expectNoCodeOrPhone(kept, code, phones);

  // Offline, the trips still show (the page's promise), without the code.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('companion-offline')).toBeVisible();
  await expect(page.getByTestId('companion-request-card')).toContainText(PASSENGER);
  await expect(page.getByTestId('handover-code')).toHaveCount(0);
  await expect(page.getByTestId('companion-offline-kept-out')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/offline-no-code-360.png`, fullPage: true });

  // The companion's phone: the seeker's emergency contact shows online, and is not kept.
  const companion = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width: 360, height: 780 },
  });
  try {
    await signInAs(companion, baseURL!, provide.client);
    const phone = await companion.newPage();
    await phone.goto('/companion-service');
    await expect(phone.getByTestId('emergency-contact')).toContainText(EMERGENCY.emergencyContactPhone, {
      timeout: 15_000,
    });
    await expect.poll(async () => (await keptAnswers(phone)).length, { timeout: 20_000 }).toBe(2);
    const companionKept = await keptAnswers(phone);
    expect(companionKept.join('\n')).toContain(provide.caseid);
    expectNoCodeOrPhone(companionKept, code, phones);
  } finally {
    await companion.close();
  }
});

test('signed out everywhere from another device: offline, the phone shows no name, age or hand-over code', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { need, code } = await matchedSeeker(baseURL!);
  await signInAs(page.context(), baseURL!, need.client);
  await tripsSeenOnThePhone(page, code);

  const laptop = new ApiClient(baseURL!);
  await signIn(laptop, need.email);
  expect((await laptop.post('/api/auth/logout-others', {})).status).toBe(200);
  // The phone hears it on its live stream and leaves the private page.
  await expect(page).not.toHaveURL(/\/companion-service/, { timeout: 15_000 });

  await offlineShowsNothing(page, code, 'offline-after-sign-out-elsewhere-360.png');
});

test('a session ended without its signal: the refused live stream ends the offline copy too', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { need, code } = await matchedSeeker(baseURL!);
  await signInAs(page.context(), baseURL!, need.client);
  await tripsSeenOnThePhone(page, code);

  // The session disappears from Redis with no session.ended (a lost publish, an expiry): the gateway's
  // heartbeat closes the stream and the browser's reconnection is refused with 401.
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  try {
    await redis.connect();
    const removed = await redis.del(`session:${sessionIdOf(need.client.cookie(SESSION_COOKIE)!)}`);
    expect(removed).toBe(1);
  } finally {
    redis.disconnect();
  }
  // Within the heartbeat (15 s) and the browser's reconnection: the copy is gone and the page signed out.
  await expect.poll(async () => (await keptAnswers(page)).length, { timeout: 60_000 }).toBe(0);
  await expect(page).not.toHaveURL(/\/companion-service/);

  await offlineShowsNothing(page, code, 'offline-after-lost-signal-360.png');
});
