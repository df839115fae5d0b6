/// <reference lib="dom" />
/**
 * One traveller's several tabs, and two messages in a row from the other (issue 36, item 6). Tab 1 on the
 * companion screen opens tab 2 and closes, so tab 2 takes the shared live stream over; tab 2 goes to
 * Messages, opens the conversation and closes it. The other traveller then sends two messages from their
 * open chat dialog, the second typed and sent while the first is still on its way (held on the network
 * here, as on a slow phone connection). Both must go out, in order, and reach tab 2's Messages list and
 * badge through the stream (well before the 12 s fallback poll). docs/decisions.md, "Several tabs: the
 * lead of issue 36 item 6".
 */
import { expect, test, type Locator } from '@playwright/test';
import { expectStream } from '../support/live';
import { matchedPair, signedInPage } from '../support/pairs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const FIRST = 'Namaste, I am on the same flight.';
const SECOND = 'Gate B12 at 9.';
const THIRD = 'I will wear a blue cap.';

const bubbles = (dialog: Locator, mine: boolean): Locator =>
  dialog.locator(`[data-testid="chat-message"][data-mine="${mine}"] [data-testid="chat-message-text"]`);

test('two messages in a row reach the Messages list of the tab that took the stream over', async ({
  browser,
  baseURL,
}) => {
  const { need, provide } = await matchedPair(baseURL!);
  expect((await need.client.post('/api/tour/complete', {})).status).toBe(200);
  let conversation = '';
  await expect
    .poll(async () => {
      const started = await provide.client.post<{ conversation_id: string }>('/api/chat/start-chat', {
        service_type: 'companion',
        user_caseid: provide.caseid,
        matched_caseid: need.caseid,
      });
      conversation = started.body.conversation_id;
      return started.status;
    })
    .toBe(200);
  const first = await provide.client.post(`/api/chat/conversations/${conversation}/messages`, {
    message_text: FIRST,
  });
  expect(first.status).toBe(200);

  const a = await signedInPage(browser, baseURL!, need.client, DESKTOP);
  const b = await signedInPage(browser, baseURL!, provide.client, PHONE);
  try {
    const streams: string[] = [];
    a.context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') streams.push(request.url());
    });

    // Tab 1 on the companion screen opens tab 2 (a follower of tab 1's stream), then closes.
    const tab1 = a.page;
    await tab1.goto('/companion-service');
    await expectStream(tab1, 'connected');
    const [tab2] = await Promise.all([
      a.context.waitForEvent('page'),
      tab1.evaluate(() => void window.open('/companion-service')),
    ]);
    await expectStream(tab2, 'connected');
    expect(streams).toHaveLength(1);
    await tab1.close();
    await expect.poll(() => streams.length, { timeout: 5_000 }).toBe(2);
    expect(new URL(streams[1]!).searchParams.get('lastEventId')).toMatch(/^\d+-\d+$/);

    // Tab 2 goes to Messages, opens the conversation (reading the first message) and closes it.
    await tab2.goto('/messages');
    const row = tab2.getByTestId('conversation-row');
    await row.click();
    const aDialog = tab2.getByTestId('chat-dialog');
    await expect(bubbles(aDialog, false)).toHaveText([FIRST]);
    await aDialog.getByRole('button', { name: 'Close' }).click();
    await expect(aDialog).toBeHidden();
    const badge = tab2.locator('[data-testid="messages-unread-badge"]:visible');
    await expect(badge).toHaveAttribute('data-count', '0');
    await expectStream(tab2, 'connected');

    // B, in their open chat dialog, sends a message and types and sends the next while the first is
    // still on its way (its request held until then).
    await b.page.goto('/messages');
    await b.page.getByTestId('conversation-row').click();
    const bDialog = b.page.getByTestId('chat-dialog');
    await expect(bubbles(bDialog, true)).toHaveText([FIRST]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    await b.page.route('**/api/chat/conversations/*/messages', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posts += 1;
      if (posts === 1) await held;
      return route.fallback();
    });
    const bInput = bDialog.getByRole('textbox', { name: 'Message' });
    await bInput.fill(SECOND);
    await bInput.press('Enter');
    await expect.poll(() => posts).toBe(1);
    await bInput.fill(THIRD);
    await bInput.press('Enter');
    release();

    // Both went out, in order, and nothing typed was lost...
    await expect(bubbles(bDialog, true)).toHaveText([FIRST, SECOND, THIRD], { timeout: 5_000 });
    await expect(bInput).toHaveValue('');
    // ...and tab 2's list and badge follow through the stream, with no poll or reload.
    await expect(row.getByTestId('conversation-last-message')).toHaveText(THIRD, { timeout: 5_000 });
    await expect(badge).toHaveAttribute('data-count', '2', { timeout: 5_000 });
    await expectStream(tab2, 'connected', 1_000);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
