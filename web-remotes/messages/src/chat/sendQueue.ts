/**
 * The chat input's outgoing messages: a message sent while the one before it is still on its way waits
 * for it and then goes out, so the other traveller gets them in the order they were written and nothing
 * typed meanwhile is lost (issue 36, item 6: the second of two quick messages was dropped). One that fails
 * stops the queue: it and every message after it come back to the input (`onUnsent`), with the reason the
 * dialog shows.
 */
export class SendQueue {
  private readonly waiting: string[] = [];
  private running = false;
  private send: (text: string) => Promise<unknown> = () => Promise.resolve();

  constructor(private readonly onUnsent: (texts: string[]) => void) {}

  /** Messages not sent yet, the one on its way first. */
  get pending(): readonly string[] {
    return this.waiting;
  }

  /** Sends `text` with `send` once those before it are sent (they too go out with the latest `send`). */
  add(text: string, send: (text: string) => Promise<unknown>): void {
    this.send = send;
    this.waiting.push(text);
    if (!this.running) void this.run();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        try {
          await this.send(this.waiting[0]!);
        } catch {
          this.onUnsent(this.waiting.splice(0));
          return;
        }
        this.waiting.shift();
      }
    } finally {
      this.running = false;
    }
  }
}

/** The input after messages came back unsent: they come first, in order, then what was typed since. */
export function draftWithUnsent(unsent: readonly string[], typed: string): string {
  return [...unsent, typed].filter((text) => text.trim().length > 0).join('\n');
}
