/**
 * The scam and mule shield (issue 37) as a Hindi-speaking reader meets it on a phone: Arjun asks, in
 * Hinglish, to carry a packet; Sunita (her page in Hindi) sees the Hindi safety tip under the message and
 * reports it in two taps (the tip's Report, then Send); Arjun sees that his message was marked and why.
 * Screenshots go to SHIELD_SHOTS_DIR when set.
 */
import { expect, test } from '@playwright/test';
import { matchedPair, signedInPage } from '../support/pairs';
import { shot } from '../support/ui';

const SHOTS = process.env.SHIELD_SHOTS_DIR;
const PHONE = { width: 360, height: 740 };
const CARRY = 'Bhai meri cousin ke liye ek chhota packet le jaoge? Airport pe de dena, bas.';

test('a Hindi reader sees the Hindi tip under a Hinglish carry request and reports it in two taps', async ({
  browser,
  baseURL,
}) => {
  const { need, provide } = await matchedPair(baseURL!, 6);
  let conversation = '';
  await expect
    .poll(
      async () => {
        const started = await provide.client.post<{ conversation_id: string }>('/api/chat/start-chat', {
          service_type: 'companion',
          user_caseid: provide.caseid,
          matched_caseid: need.caseid,
        });
        conversation = started.body.conversation_id;
        return started.status;
      },
      { timeout: 20_000 },
    )
    .toBe(200);
  const sent = await provide.client.post(`/api/chat/conversations/${conversation}/messages`, {
    message_text: CARRY,
  });
  expect(sent.status).toBe(200);
  for (const client of [need.client, provide.client]) {
    expect((await client.post('/api/tour/complete', {})).status).toBe(200);
  }
  expect((await need.client.put('/api/auth/locale', { locale: 'hi' })).status).toBe(200);

  const { context, page } = await signedInPage(browser, baseURL!, need.client, PHONE);
  await page.goto('/messages');
  await page.getByTestId('conversation-row').first().click();
  const chat = page.getByTestId('chat-dialog');
  const message = chat
    .locator('[data-testid="chat-message"][data-mine="false"]')
    .filter({ hasText: 'packet' });
  // Delivered as written; the tip in the page's language under it.
  await expect(message.getByTestId('chat-message-text')).toHaveText(CARRY);
  const tip = message.getByTestId('chat-safety-tip');
  await expect(tip).toContainText('यहाँ मिले किसी के लिए भी कभी कुछ न ले जाएँ, चाहे वह कितना भी छोटा हो।');
  await shot(page, SHOTS, 'reader-tip-hindi-phone');

  // Tap one: the tip's Report opens the report, prefilled (reason, words, this message ticked).
  await tip.getByRole('button', { name: 'शिकायत करें' }).click();
  const report = page.getByRole('dialog', { name: 'बातचीत की शिकायत करें' });
  await expect(report.getByTestId('report-flagged')).toContainText(CARRY);
  await expect(report.getByRole('checkbox', { name: 'यह संदेश शिकायत के साथ भेजें' })).toBeChecked();
  await shot(page, SHOTS, 'report-prefilled-hindi-phone');
  // Tap two: send.
  await report.getByRole('button', { name: 'शिकायत भेजें' }).click();
  // The dialog now says it was sent (its title changes with it).
  await expect(page.getByTestId('report-sent')).toBeVisible();
  await shot(page, SHOTS, 'report-sent-hindi-phone');
  await context.close();

  // The sender sees his message was marked, and why.
  const sender = await signedInPage(browser, baseURL!, provide.client, PHONE);
  await sender.page.goto('/messages');
  await sender.page.getByTestId('conversation-row').first().click();
  const own = sender.page
    .locator('[data-testid="chat-message"][data-mine="true"]')
    .filter({ hasText: 'packet' });
  await expect(own.getByTestId('chat-message-marked')).toContainText(
    'it asks someone to carry or keep something',
  );
  await expect(own.getByTestId('chat-safety-tip')).toHaveCount(0);
  await shot(sender.page, SHOTS, 'sender-marked-phone');
  await sender.context.close();
});
