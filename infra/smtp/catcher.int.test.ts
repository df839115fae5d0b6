/**
 * The development SMTP catcher, started in-process on free ports: mail sent with nodemailer is read back through
 * mail-client (the same client the other integration tests use against Mailpit or the catcher).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { startCatcher, type Catcher } from './catcher';
import {
  createMailClient,
  MailApiError,
  type MailClient,
} from '@safarsaathi/platform/src/testing/mail-client';

jest.setTimeout(30_000);

let mailDir: string;
let catcher: Catcher;
let client: MailClient;
const logLines: string[] = [];

const freshAddress = (label = 'traveller') => `${label}-${randomUUID()}@example.com`;

async function start(options: { maxMessages?: number } = {}): Promise<void> {
  catcher = await startCatcher({
    smtpPort: 0,
    apiPort: 0,
    mailDir,
    log: (line) => logLines.push(line),
    ...options,
  });
  client = createMailClient({ baseUrl: catcher.apiUrl });
}

async function send(mail: SendMailOptions): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: catcher.smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({ from: 'SafarSaathi <noreply@safarsaathi.test>', ...mail });
  } finally {
    transport.close();
  }
}

beforeEach(async () => {
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catcher-test-'));
  await start();
});

afterEach(async () => {
  await catcher.close();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

test('greets SMTP clients with 220 and does not offer STARTTLS', async () => {
  const transcript = await new Promise<string>((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: catcher.smtpPort });
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
      if (data.startsWith('220') && !data.includes('EHLO-SENT')) {
        data += 'EHLO-SENT\n';
        socket.write('EHLO tester\r\n');
      }
      if (/^250 /m.test(data)) {
        socket.end('QUIT\r\n');
        resolve(data);
      }
    });
    socket.on('error', reject);
  });
  expect(transcript.startsWith('220 ')).toBe(true);
  expect(transcript).not.toMatch(/STARTTLS/);
});

test('captures a mail and serves it through the Mailpit-compatible API', async () => {
  const to = freshAddress();
  await send({
    to: `Asha Traveller <${to}>`,
    subject: 'Your SafarSaathi code',
    text: 'Hello Asha,\nyour one-time code is 483920.\n',
    html: '<p>Hello Asha,</p><p>your one-time code is <b>483920</b>.</p>',
  });

  const message = await client.waitForMessageTo(to, { timeoutMs: 5000 });
  expect(message.Subject).toBe('Your SafarSaathi code');
  expect(message.From).toEqual({ Name: 'SafarSaathi', Address: 'noreply@safarsaathi.test' });
  expect(message.To).toEqual([{ Name: 'Asha Traveller', Address: to }]);
  expect(message.Text).toContain('483920');
  expect(message.HTML).toContain('<b>483920</b>');
  expect(new Date(message.Date).toString()).not.toBe('Invalid Date');

  const [summary] = await client.listMessages(10);
  expect(summary).toMatchObject({ ID: message.ID, Subject: 'Your SafarSaathi code', To: [{ Address: to }] });
  expect(summary?.MessageID).not.toBe('');
  expect(summary?.Snippet).toContain('one-time code is 483920');
  expect(Number.isNaN(Date.parse(summary?.Created ?? ''))).toBe(false);

  // The raw API shapes, as a test talking HTTP to Mailpit would see them.
  const raw = (await (await fetch(`${catcher.apiUrl}/api/v1/messages?limit=1`)).json()) as Record<
    string,
    unknown
  >;
  expect(raw).toMatchObject({ total: 1, count: 1, messages: [expect.objectContaining({ ID: message.ID })] });
  const detail = (await (await fetch(`${catcher.apiUrl}/api/v1/message/${message.ID}`)).json()) as Record<
    string,
    unknown
  >;
  expect(Object.keys(detail)).toEqual(
    expect.arrayContaining(['ID', 'From', 'To', 'Subject', 'Date', 'Text', 'HTML']),
  );

  expect(logLines.some((line) => line.includes(message.ID) && line.includes(to))).toBe(true);
  expect(fs.readdirSync(mailDir)).toEqual([`${message.ID}.json`]);
});

test('lists newest first and respects limit', async () => {
  const to = freshAddress();
  for (const n of [1, 2, 3]) await send({ to, subject: `Message ${n}`, text: `body ${n}` });

  expect((await client.listMessages()).map((m) => m.Subject)).toEqual([
    'Message 3',
    'Message 2',
    'Message 1',
  ]);
  expect((await client.listMessages(2)).map((m) => m.Subject)).toEqual(['Message 3', 'Message 2']);
  expect((await client.getMessage('latest')).Subject).toBe('Message 3');
});

test('searches by recipient and by subject', async () => {
  const asha = freshAddress('asha');
  const ravi = freshAddress('ravi');
  await send({ to: asha, subject: 'Match found for your flight', text: 'A companion is available.' });
  await send({ to: ravi, subject: 'New message from Asha', text: 'Open SafarSaathi to reply.' });
  await send({ to: `${ravi}, ${asha}`, subject: 'Both of you', text: 'x' });

  expect((await client.searchTo(asha)).map((m) => m.Subject)).toEqual([
    'Both of you',
    'Match found for your flight',
  ]);
  expect((await client.searchTo(ravi.toUpperCase())).map((m) => m.Subject)).toEqual([
    'Both of you',
    'New message from Asha',
  ]);
  // searchTo is exact: a longer address that contains this one does not count.
  expect(await client.searchTo(`x${asha}`)).toEqual([]);
  expect((await client.search('match found')).map((m) => m.Subject)).toEqual(['Match found for your flight']);
  expect((await client.search('subject:"new message"')).map((m) => m.Subject)).toEqual([
    'New message from Asha',
  ]);
  expect((await client.search(`to:${asha} -subject:both`)).map((m) => m.Subject)).toEqual([
    'Match found for your flight',
  ]);
});

test('waitForMessageTo waits for a later mail and applies the predicate', async () => {
  const to = freshAddress();
  await send({ to, subject: 'Welcome', text: 'Welcome aboard' });
  const waiting = client.waitForMessageTo(to, {
    timeoutMs: 5000,
    predicate: (m) => m.Subject.startsWith('Code'),
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  await send({ to, subject: 'Code 111222', text: 'Your code is 111222' });
  expect((await waiting).Text).toContain('111222');

  await expect(client.waitForMessageTo(freshAddress('nobody'), { timeoutMs: 600 })).rejects.toThrow(
    /No matching mail to nobody-/,
  );
});

test('getMessage of an unknown ID is a 404', async () => {
  await expect(client.getMessage('1700000000000-0001-deadbeef')).rejects.toMatchObject({ status: 404 });
  await expect(client.getMessage('../../etc/passwd')).rejects.toBeInstanceOf(MailApiError);
});

test('deletes all messages', async () => {
  await send({ to: freshAddress(), subject: 'one', text: '1' });
  await send({ to: freshAddress(), subject: 'two', text: '2' });
  expect(await client.listMessages()).toHaveLength(2);
  await client.deleteAllMessages();
  expect(await client.listMessages()).toEqual([]);
  expect(fs.readdirSync(mailDir)).toEqual([]);
});

test('keeps mail across a restart, and two catchers on one directory agree', async () => {
  const to = freshAddress();
  await send({ to, subject: 'Survives', text: 'still here' });

  const other = await startCatcher({ smtpPort: 0, apiPort: 0, mailDir, log: false });
  try {
    const otherClient = createMailClient({ baseUrl: other.apiUrl });
    expect((await otherClient.searchTo(to)).map((m) => m.Subject)).toEqual(['Survives']);
  } finally {
    await other.close();
  }

  await catcher.close();
  await start();
  expect((await client.waitForMessageTo(to, { timeoutMs: 2000 })).Text).toContain('still here');
});

test('keeps only the newest maxMessages', async () => {
  await catcher.close();
  await start({ maxMessages: 3 });
  const to = freshAddress();
  for (const n of [1, 2, 3, 4, 5]) await send({ to, subject: `n${n}`, text: String(n) });
  expect((await client.listMessages()).map((m) => m.Subject)).toEqual(['n5', 'n4', 'n3']);
  expect(fs.readdirSync(mailDir)).toHaveLength(3);
});

test('the page for developers lists mail newest first with the text body, escaped', async () => {
  const to = freshAddress();
  await send({ to, subject: 'First <one>', text: 'first body' });
  await send({ to, subject: 'Second', text: 'code <b>42</b> & more' });

  const response = await fetch(`${catcher.apiUrl}/`);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  expect(html).toContain(to);
  expect(html).toContain('First &lt;one&gt;');
  expect(html).toContain('code &lt;b&gt;42&lt;/b&gt; &amp; more');
  expect(html.indexOf('Second')).toBeLessThan(html.indexOf('First &lt;one&gt;'));
});
