/**
 * A small typed client for reading captured mail in tests. It speaks the part of Mailpit's `/api/v1` that the
 * development catcher (catcher.ts) also serves, so the same test works against Mailpit in Docker and against the
 * catcher. The base URL is `MAIL_API_URL` (read at call time), default http://127.0.0.1:8025.
 *
 *   const mail = await waitForMessageTo(email, { timeoutMs: 10_000, predicate: (m) => /code/i.test(m.Subject) });
 */
import type { MailAddress, Message, MessageSummary, MessagesResponse } from './mail-types';

export type { MailAddress, MailAttachment, Message, MessageSummary, MessagesResponse } from './mail-types';

export const DEFAULT_MAIL_API_URL = 'http://127.0.0.1:8025';
const POLL_INTERVAL_MS = 200;
const REQUEST_TIMEOUT_MS = 5000;
const SEARCH_LIMIT = 200;

export interface MailClientOptions {
  /** Defaults to `MAIL_API_URL`, then http://127.0.0.1:8025. */
  baseUrl?: string;
}

export interface WaitForMessageOptions {
  /** How long to keep polling (every 200 ms); default 10 000 ms. */
  timeoutMs?: number;
  /** Only a message for which this returns true counts; it sees the whole message (Text, HTML, …). */
  predicate?: (message: Message) => boolean;
}

export interface MailClient {
  readonly baseUrl: string;
  /** Newest first; `limit` defaults to 50 (as Mailpit's). */
  listMessages(limit?: number): Promise<MessageSummary[]>;
  /** Raw Mailpit search (`to:`, `subject:`, plain words…), newest first. */
  search(query: string, limit?: number): Promise<MessageSummary[]>;
  /** Messages whose To header holds exactly this address (case-insensitive), newest first. */
  searchTo(address: string): Promise<MessageSummary[]>;
  /** Throws a MailApiError (status 404) when there is no such message. */
  getMessage(id: string): Promise<Message>;
  deleteAllMessages(): Promise<void>;
  /** The newest message to this address that satisfies the predicate; throws when none arrives in time. */
  waitForMessageTo(address: string, options?: WaitForMessageOptions): Promise<Message>;
}

export class MailApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'MailApiError';
  }
}

function address(value: Partial<MailAddress> | null | undefined): MailAddress {
  return { Name: value?.Name ?? '', Address: value?.Address ?? '' };
}

function addresses(value: Partial<MailAddress>[] | null | undefined): MailAddress[] {
  return (value ?? []).map(address);
}

// Mailpit sends null for empty lists; both servers are normalised to the same shapes here.
function normaliseSummary(raw: MessageSummary): MessageSummary {
  return {
    ...raw,
    From: address(raw.From),
    To: addresses(raw.To),
    Cc: addresses(raw.Cc),
    Bcc: addresses(raw.Bcc),
    ReplyTo: addresses(raw.ReplyTo),
    Subject: raw.Subject ?? '',
    Snippet: raw.Snippet ?? '',
    Tags: raw.Tags ?? [],
  };
}

function normaliseMessage(raw: Message): Message {
  return {
    ...raw,
    From: address(raw.From),
    To: addresses(raw.To),
    Cc: addresses(raw.Cc),
    Bcc: addresses(raw.Bcc),
    ReplyTo: addresses(raw.ReplyTo),
    Subject: raw.Subject ?? '',
    Text: raw.Text ?? '',
    HTML: raw.HTML ?? '',
    Tags: raw.Tags ?? [],
    Inline: raw.Inline ?? [],
    Attachments: raw.Attachments ?? [],
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createMailClient(options: MailClientOptions = {}): MailClient {
  const baseUrl = (options.baseUrl ?? process.env.MAIL_API_URL ?? DEFAULT_MAIL_API_URL).replace(/\/+$/, '');

  async function request(method: 'GET' | 'DELETE', path: string): Promise<Response> {
    const url = `${baseUrl}${path}`;
    const response = await fetch(url, { method, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      throw new MailApiError(`${method} ${url}: ${response.status} ${body.trim()}`.trim(), response.status);
    }
    return response;
  }

  async function getJson<T>(path: string): Promise<T> {
    return (await (await request('GET', path)).json()) as T;
  }

  const listMessages = async (limit = 50): Promise<MessageSummary[]> => {
    const page = await getJson<MessagesResponse>(`/api/v1/messages?limit=${limit}`);
    return (page.messages ?? []).map(normaliseSummary);
  };

  const search = async (query: string, limit = SEARCH_LIMIT): Promise<MessageSummary[]> => {
    const page = await getJson<MessagesResponse>(
      `/api/v1/search?query=${encodeURIComponent(query)}&limit=${limit}`,
    );
    return (page.messages ?? []).map(normaliseSummary);
  };

  const searchTo = async (to: string): Promise<MessageSummary[]> => {
    const wanted = to.trim().toLowerCase();
    // Both servers match `to:` as a substring; keep only exact recipients.
    const found = await search(`to:"${wanted}"`);
    return found.filter((m) => m.To.some((a) => a.Address.toLowerCase() === wanted));
  };

  const getMessage = async (id: string): Promise<Message> =>
    normaliseMessage(await getJson<Message>(`/api/v1/message/${encodeURIComponent(id)}`));

  const deleteAllMessages = async (): Promise<void> => {
    await request('DELETE', '/api/v1/messages');
  };

  const waitForMessageTo = async (to: string, waitOptions: WaitForMessageOptions = {}): Promise<Message> => {
    const timeoutMs = waitOptions.timeoutMs ?? 10_000;
    const deadline = Date.now() + timeoutMs;
    const seen = new Map<string, Message>();
    let lastError: unknown;
    for (;;) {
      try {
        for (const summary of await searchTo(to)) {
          let message = seen.get(summary.ID);
          if (!message) {
            message = await getMessage(summary.ID);
            seen.set(summary.ID, message);
          }
          if (!waitOptions.predicate || waitOptions.predicate(message)) return message;
        }
        lastError = undefined;
      } catch (error) {
        // The server may not be up yet, or a message was deleted between the search and the read: poll again.
        lastError = error;
      }
      if (Date.now() + POLL_INTERVAL_MS > deadline) break;
      await sleep(POLL_INTERVAL_MS);
    }
    const subjects = [...seen.values()].map((m) => JSON.stringify(m.Subject));
    const detail = [
      subjects.length > 0
        ? `messages to it that did not satisfy the predicate: ${subjects.join(', ')}`
        : 'no message to it at all',
      lastError ? `last error: ${lastError instanceof Error ? lastError.message : String(lastError)}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    throw new Error(`No matching mail to ${to} at ${baseUrl} within ${timeoutMs} ms (${detail})`);
  };

  return { baseUrl, listMessages, search, searchTo, getMessage, deleteAllMessages, waitForMessageTo };
}

// Module-level shortcuts: a client for MAIL_API_URL as it is at the time of each call.
export const listMessages = (limit?: number): Promise<MessageSummary[]> =>
  createMailClient().listMessages(limit);
export const search = (query: string, limit?: number): Promise<MessageSummary[]> =>
  createMailClient().search(query, limit);
export const searchTo = (address: string): Promise<MessageSummary[]> => createMailClient().searchTo(address);
export const getMessage = (id: string): Promise<Message> => createMailClient().getMessage(id);
export const deleteAllMessages = (): Promise<void> => createMailClient().deleteAllMessages();
export const waitForMessageTo = (address: string, options?: WaitForMessageOptions): Promise<Message> =>
  createMailClient().waitForMessageTo(address, options);
