/**
 * Captured mail on disk: one JSON file per message in one directory, so it survives a restart and every process
 * reading the directory agrees. Files are written once (temp file + rename) and never changed, so a parsed file
 * can be cached by name; the directory listing is read on every call and is the truth.
 *
 * File names are the message IDs plus `.json`; IDs start with the receive time in milliseconds, so the names
 * sort by age.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Message, MessageSummary } from '@safarsaathi/platform/src/testing/mail-types';

/** What is stored for one message: Mailpit's message detail plus what the summary and the search need. */
export interface StoredMessage extends Message {
  /** When the catcher received it (ISO 8601). */
  Created: string;
  Snippet: string;
  Envelope: { MailFrom: string; RcptTo: string[] };
}

export const ID_PATTERN = /^\d{13}-[0-9a-z]{4}-[0-9a-f]{8}$/;
const FILE_PATTERN = /^(\d{13}-[0-9a-z]{4}-[0-9a-f]{8})\.json$/;

let sequence = 0;

/** A new message ID: sortable by receive time, unique across processes sharing a directory. */
export function newMessageId(now = Date.now()): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${String(now).padStart(13, '0')}-${sequence.toString(36).padStart(4, '0')}-${randomBytes(4).toString('hex')}`;
}

export function toSummary(message: StoredMessage): MessageSummary {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    Read: false,
    From: message.From,
    To: message.To,
    Cc: message.Cc,
    Bcc: message.Bcc,
    ReplyTo: message.ReplyTo,
    Subject: message.Subject,
    Created: message.Created,
    Tags: message.Tags,
    Size: message.Size,
    Attachments: message.Attachments.length,
    Snippet: message.Snippet,
  };
}

export function toDetail(message: StoredMessage): Message {
  const { Created: _created, Snippet: _snippet, Envelope: _envelope, ...detail } = message;
  return detail;
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

export class MailStore {
  private readonly cache = new Map<string, StoredMessage>();

  constructor(
    readonly dir: string,
    readonly maxMessages = 1000,
  ) {}

  async init(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
  }

  /** IDs of the stored messages, newest first. */
  async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    const ids: string[] = [];
    for (const name of names) {
      const match = FILE_PATTERN.exec(name);
      if (match?.[1]) ids.push(match[1]);
    }
    return ids.sort().reverse();
  }

  async get(id: string): Promise<StoredMessage | undefined> {
    if (!ID_PATTERN.test(id)) return undefined;
    const cached = this.cache.get(id);
    if (cached) {
      // Another process may have deleted it.
      try {
        await fs.access(this.file(id));
        return cached;
      } catch {
        this.cache.delete(id);
        return undefined;
      }
    }
    try {
      const message = JSON.parse(await fs.readFile(this.file(id), 'utf8')) as StoredMessage;
      this.cache.set(id, message);
      return message;
    } catch (error) {
      // Deleted meanwhile, or not a file we can read: not a message.
      if (!isNotFound(error) && !(error instanceof SyntaxError)) throw error;
      return undefined;
    }
  }

  /** All stored messages, newest first. */
  async all(): Promise<StoredMessage[]> {
    const ids = await this.ids();
    const present = new Set(ids);
    for (const id of this.cache.keys()) if (!present.has(id)) this.cache.delete(id);
    const messages: StoredMessage[] = [];
    for (const id of ids) {
      const message = this.cache.get(id) ?? (await this.get(id));
      if (message) messages.push(message);
    }
    return messages;
  }

  async save(message: StoredMessage): Promise<void> {
    await this.init();
    const temp = path.join(this.dir, `.tmp-${message.ID}-${process.pid}`);
    await fs.writeFile(temp, JSON.stringify(message, null, 2));
    await fs.rename(temp, this.file(message.ID));
    this.cache.set(message.ID, message);
    await this.prune();
  }

  /** Deletes the given messages, or all of them; returns how many files were removed. */
  async delete(ids?: string[]): Promise<number> {
    const targets = ids ? ids.filter((id) => ID_PATTERN.test(id)) : await this.ids();
    let removed = 0;
    for (const id of targets) {
      this.cache.delete(id);
      try {
        await fs.unlink(this.file(id));
        removed += 1;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    return removed;
  }

  /** Keeps the newest `maxMessages`. */
  async prune(): Promise<void> {
    const ids = await this.ids();
    if (ids.length > this.maxMessages) await this.delete(ids.slice(this.maxMessages));
  }

  private file(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }
}
