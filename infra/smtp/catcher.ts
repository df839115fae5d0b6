/**
 * Development SMTP catcher, used instead of Mailpit on machines without Docker (design brief §2).
 *
 * - SMTP on 127.0.0.1:${SMTP_PORT:-1025}: no TLS, any or no authentication, every message accepted.
 * - HTTP on 127.0.0.1:${MAIL_API_PORT:-8025}: a compatible subset of Mailpit's API
 *     GET    /api/v1/messages?limit=N&start=M    newest first
 *     GET    /api/v1/message/{ID}                (also `latest`)
 *     GET    /api/v1/search?query=to:a@b.test    see query.ts for the syntax
 *     DELETE /api/v1/messages                    all, or body {"IDs": [...]}
 *     DELETE /api/v1/search?query=...            the matching ones
 *     GET    /livez, /readyz
 *   and a page for developers at GET / listing captured mail, newest first.
 * - Each message is a JSON file under ${MAIL_DIR:-<repo>/.stack/mail}; the newest 1000 are kept.
 *
 * Run: `npx tsx infra/smtp/catcher.ts`. Tests start it in-process with `startCatcher()`.
 */
import http from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { matches, parseQuery } from './query';
import { ID_PATTERN, MailStore, newMessageId, toDetail, toSummary, type StoredMessage } from './store';
import type {
  MailAddress,
  MailAttachment,
  MessagesResponse,
} from '@safarsaathi/platform/src/testing/mail-types';

export interface CatcherOptions {
  /** SMTP port; 0 picks a free one. */
  smtpPort: number;
  /** HTTP API port; 0 picks a free one. */
  apiPort: number;
  mailDir: string;
  /** Interface to listen on; 127.0.0.1 unless told. */
  host?: string;
  /** How many messages to keep (the newest). */
  maxMessages?: number;
  /** Largest accepted message in bytes. */
  maxMessageBytes?: number;
  /** Where the one-line-per-mail log goes; `false` for silence. */
  log?: ((line: string) => void) | false;
}

export interface Catcher {
  /** The ports actually bound (useful with port 0). */
  readonly smtpPort: number;
  readonly apiPort: number;
  readonly apiUrl: string;
  readonly smtpUrl: string;
  close(): Promise<void>;
}

export const DEFAULT_SMTP_PORT = 1025;
export const DEFAULT_MAIL_API_PORT = 8025;
export const DEFAULT_MAX_MESSAGES = 1000;
export const DEFAULT_MAIL_DIR = path.resolve(__dirname, '..', '..', '.stack', 'mail');
const SNIPPET_LENGTH = 250;
const PAGE_LIMIT = 100;

// ---------------------------------------------------------------------------------------------------- parsing

function addressList(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const result: MailAddress[] = [];
  for (const object of objects) {
    for (const entry of object.value) {
      const members = entry.group ?? [entry];
      for (const member of members) {
        if (member.address) result.push({ Name: member.name ?? '', Address: member.address });
      }
    }
  }
  return result;
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH)}...` : flat;
}

function attachments(parsed: ParsedMail, inline: boolean): MailAttachment[] {
  return parsed.attachments
    .map((a, index) => ({ a, index }))
    .filter(({ a }) => Boolean(a.related) === inline)
    .map(({ a, index }) => ({
      PartID: String(index + 1),
      FileName: a.filename ?? '',
      ContentType: a.contentType,
      ContentID: a.contentId ?? '',
      Size: a.size,
    }));
}

export function toStoredMessage(
  parsed: ParsedMail,
  envelope: { mailFrom: string; rcptTo: string[] },
  size: number,
  received = new Date(),
): StoredMessage {
  const to = addressList(parsed.to);
  const cc = addressList(parsed.cc);
  const headerBcc = addressList(parsed.bcc);
  // As Mailpit does: envelope recipients that no header names are shown as Bcc.
  const named = new Set([...to, ...cc, ...headerBcc].map((a) => a.Address.toLowerCase()));
  const bcc = [
    ...headerBcc,
    ...envelope.rcptTo.filter((r) => !named.has(r.toLowerCase())).map((Address) => ({ Name: '', Address })),
  ];
  const from = addressList(parsed.from)[0] ?? { Name: '', Address: envelope.mailFrom };
  const text = parsed.text ?? '';
  const returnPath = parsed.headers.get('return-path');
  return {
    ID: newMessageId(received.getTime()),
    MessageID: (parsed.messageId ?? '').replace(/^<|>$/g, ''),
    From: from,
    To: to,
    Cc: cc,
    Bcc: bcc,
    ReplyTo: addressList(parsed.replyTo),
    ReturnPath:
      typeof returnPath === 'string'
        ? returnPath
        : (addressList(returnPath as AddressObject | undefined)[0]?.Address ?? envelope.mailFrom),
    Subject: parsed.subject ?? '',
    Date: (parsed.date ?? received).toISOString(),
    Created: received.toISOString(),
    Tags: [],
    Text: text,
    HTML: typeof parsed.html === 'string' ? parsed.html : '',
    Size: size,
    Inline: attachments(parsed, true),
    Attachments: attachments(parsed, false),
    Snippet: snippet(text),
    Envelope: { MailFrom: envelope.mailFrom, RcptTo: envelope.rcptTo },
  };
}

// ------------------------------------------------------------------------------------------------------- HTTP

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

function sendText(res: http.ServerResponse, status: number, body: string, type = 'text/plain'): void {
  res.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function intParam(url: URL, name: string, fallback: number, max: number): number {
  const value = Number.parseInt(url.searchParams.get(name) ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? Math.min(value, max) : fallback;
}

async function readBody(req: http.IncomingMessage, limit = 1 << 20): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw Object.assign(new Error('request body too large'), { status: 413 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function pageOf(selected: StoredMessage[], total: number, url: URL, maxMessages: number): MessagesResponse {
  const limit = intParam(url, 'limit', 50, maxMessages) || 50;
  const start = intParam(url, 'start', 0, Number.MAX_SAFE_INTEGER);
  const messages = selected.slice(start, start + limit).map(toSummary);
  return {
    total,
    unread: total,
    count: messages.length,
    messages_count: selected.length,
    start,
    tags: [],
    messages,
  };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function formatAddresses(list: MailAddress[]): string {
  return list.map((a) => (a.Name ? `${a.Name} <${a.Address}>` : a.Address)).join(', ');
}

export function renderPage(messages: StoredMessage[]): string {
  const shown = messages.slice(0, PAGE_LIMIT);
  const items = shown
    .map(
      (m) => `<article>
  <header><time datetime="${escapeHtml(m.Created)}">${escapeHtml(m.Created.replace('T', ' ').replace(/\.\d+Z$/, 'Z'))}</time>
  <span class="to">to ${escapeHtml(formatAddresses([...m.To, ...m.Cc, ...m.Bcc]) || '(nobody)')}</span>
  <span class="from">from ${escapeHtml(formatAddresses([m.From]))}</span></header>
  <h2>${escapeHtml(m.Subject || '(no subject)')}</h2>
  <pre>${escapeHtml(m.Text)}</pre>
  <footer><a href="/api/v1/message/${m.ID}">JSON</a></footer>
</article>`,
    )
    .join('\n');
  const more =
    messages.length > shown.length ? `<p>Showing the newest ${shown.length} of ${messages.length}.</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SafarSaathi mail catcher (${messages.length})</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
  article { border: 1px solid #ddd; border-radius: 6px; padding: .75rem 1rem; margin: .75rem 0; }
  article header { display: flex; gap: 1rem; flex-wrap: wrap; color: #555; font-size: 12px; }
  h2 { font-size: 16px; margin: .4rem 0; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f7f7f7; padding: .5rem; margin: 0; }
  footer { font-size: 12px; margin-top: .4rem; }
</style>
</head>
<body>
<h1>Captured mail (${messages.length})</h1>
<p>Newest first. <a href="/">Refresh</a> · API: <code>/api/v1/messages</code>, <code>/api/v1/search?query=to:…</code>,
<code>DELETE /api/v1/messages</code> clears.</p>
${more}
${items || '<p>No mail yet.</p>'}
</body>
</html>
`;
}

function createApi(store: MailStore): http.Server {
  const maxMessages = store.maxMessages;
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    const route = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';

    if (route === '/livez' || route === '/readyz') return sendText(res, 200, 'ok');

    if (route === '/' && method === 'GET')
      return sendText(res, 200, renderPage(await store.all()), 'text/html');

    if (route === '/api/v1/messages') {
      if (method === 'GET') {
        const all = await store.all();
        return sendJson(res, 200, pageOf(all, all.length, url, maxMessages));
      }
      if (method === 'DELETE') {
        const body = await readBody(req);
        let ids: string[] | undefined;
        if (body.trim() !== '') {
          let parsed: unknown;
          try {
            parsed = JSON.parse(body);
          } catch {
            return sendText(res, 400, 'invalid JSON body');
          }
          const list = (parsed as { IDs?: unknown } | null)?.IDs;
          if (Array.isArray(list) && list.length > 0) ids = list.map(String);
        }
        await store.delete(ids);
        return sendText(res, 200, 'ok');
      }
      return sendText(res, 405, 'method not allowed');
    }

    if (route === '/api/v1/search') {
      const query = url.searchParams.get('query') ?? '';
      const all = await store.all();
      const terms = parseQuery(query);
      const found = all.filter((m) => matches(m, terms));
      if (method === 'GET') return sendJson(res, 200, pageOf(found, all.length, url, maxMessages));
      if (method === 'DELETE') {
        if (terms.length === 0) return sendText(res, 400, 'no search query');
        await store.delete(found.map((m) => m.ID));
        return sendText(res, 200, 'ok');
      }
      return sendText(res, 405, 'method not allowed');
    }

    const single = /^\/api\/v1\/message\/([^/]+)$/.exec(route);
    if (single?.[1]) {
      if (method !== 'GET') return sendText(res, 405, 'method not allowed');
      const id = decodeURIComponent(single[1]);
      const message =
        id === 'latest' ? (await store.all())[0] : ID_PATTERN.test(id) ? await store.get(id) : undefined;
      if (!message) return sendText(res, 404, 'message not found');
      return sendJson(res, 200, toDetail(message));
    }

    return sendText(res, 404, 'not found');
  };

  return http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = (error as { status?: number } | null)?.status ?? 500;
      if (!res.headersSent) sendText(res, status, error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  });
}

// ------------------------------------------------------------------------------------------------------- SMTP

function createSmtp(store: MailStore, maxMessageBytes: number, log: (line: string) => void): SMTPServer {
  const onData = (
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (err?: Error | null) => void,
  ): void => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxMessageBytes) chunks.push(chunk);
    });
    stream.on('error', (error: Error) => callback(error));
    stream.on('end', () => {
      if (stream.sizeExceeded) {
        callback(Object.assign(new Error('Message exceeds the size limit'), { responseCode: 552 }));
        return;
      }
      const raw = Buffer.concat(chunks);
      const envelope = {
        mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        rcptTo: session.envelope.rcptTo.map((r) => r.address),
      };
      simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true })
        .then(async (parsed) => {
          const message = toStoredMessage(parsed, envelope, raw.length);
          await store.save(message);
          log(
            `captured ${message.ID} from=${message.From.Address || '-'} to=${envelope.rcptTo.join(',') || '-'} ` +
              `subject=${JSON.stringify(message.Subject)} size=${message.Size}`,
          );
          callback(null);
        })
        .catch((error: unknown) => {
          log(`failed to store a message: ${error instanceof Error ? error.message : String(error)}`);
          callback(Object.assign(new Error('Could not store the message'), { responseCode: 451 }));
        });
    });
  };

  return new SMTPServer({
    name: 'safarsaathi-catcher',
    banner: 'SafarSaathi development mail catcher',
    authOptional: true,
    // Any credentials are accepted, over plain text too: this only ever runs on a developer's loopback.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    disabledCommands: ['STARTTLS'],
    size: maxMessageBytes,
    logger: false,
    closeTimeout: 2000,
    onData,
  });
}

// ------------------------------------------------------------------------------------------------- lifecycle

function listen(server: NetServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startCatcher(options: CatcherOptions): Promise<Catcher> {
  const host = options.host ?? '127.0.0.1';
  const log =
    options.log === false
      ? () => undefined
      : (options.log ?? ((line: string) => process.stdout.write(`[smtp-catcher] ${line}\n`)));
  const store = new MailStore(options.mailDir, options.maxMessages ?? DEFAULT_MAX_MESSAGES);
  await store.init();

  const smtp = createSmtp(store, options.maxMessageBytes ?? 25 * 1024 * 1024, log);
  smtp.on('error', (error: Error) => log(`smtp error: ${error.message}`));
  const api = createApi(store);

  const smtpPort = await listen(smtp.server, options.smtpPort, host);
  let apiPort: number;
  try {
    apiPort = await listen(api, options.apiPort, host);
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= Promise.all([
      new Promise<void>((resolve) => smtp.close(() => resolve())),
      new Promise<void>((resolve) => {
        api.close(() => resolve());
        api.closeIdleConnections();
        setTimeout(() => api.closeAllConnections(), 1000).unref();
      }),
    ]).then(() => undefined);
    return closing;
  };

  return {
    smtpPort,
    apiPort,
    apiUrl: `http://${host}:${apiPort}`,
    smtpUrl: `smtp://${host}:${smtpPort}`,
    close,
  };
}

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number, got ${JSON.stringify(raw)}`);
  }
  return port;
}

async function main(): Promise<void> {
  const log = (line: string) => process.stdout.write(`[smtp-catcher] ${line}\n`);
  const mailDir = path.resolve(process.env.MAIL_DIR || DEFAULT_MAIL_DIR);
  const catcher = await startCatcher({
    smtpPort: portFromEnv('SMTP_PORT', DEFAULT_SMTP_PORT),
    apiPort: portFromEnv('MAIL_API_PORT', DEFAULT_MAIL_API_PORT),
    mailDir,
    log,
  });
  log(`SMTP on ${catcher.smtpUrl}, mail API and page on ${catcher.apiUrl}, storing in ${mailDir}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: closing`);
    const force = setTimeout(() => process.exit(0), 5000);
    force.unref();
    catcher.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`[smtp-catcher] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
