import { describe, expect, it } from '@jest/globals';
import { draftWithUnsent, SendQueue } from '../src/chat/sendQueue';

/** A send whose requests stay open until the test answers them, one by one, in order. */
function heldSend() {
  const requests: Array<{ text: string; resolve: () => void; reject: () => void }> = [];
  const send = (text: string) =>
    new Promise<void>((resolve, reject) =>
      requests.push({ text, resolve, reject: () => reject(new Error('no')) }),
    );
  return { requests, send };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('SendQueue', () => {
  it('sends a message written while the one before is on its way after it, in order, one at a time', async () => {
    const { requests, send } = heldSend();
    const unsent: string[][] = [];
    const queue = new SendQueue((texts) => unsent.push(texts));
    queue.add('Gate B12 at 9.', send);
    queue.add('I will wear a blue cap.', send);
    await settle();
    expect(requests.map((request) => request.text)).toEqual(['Gate B12 at 9.']);
    expect(queue.pending).toEqual(['Gate B12 at 9.', 'I will wear a blue cap.']);

    requests[0]!.resolve();
    await settle();
    expect(requests.map((request) => request.text)).toEqual(['Gate B12 at 9.', 'I will wear a blue cap.']);
    requests[1]!.resolve();
    await settle();
    expect(queue.pending).toEqual([]);
    expect(unsent).toEqual([]);

    // Idle again: the next message goes out at once.
    queue.add('See you.', send);
    await settle();
    expect(requests).toHaveLength(3);
  });

  it('gives back a failed message and every one after it, and sends the next one written afresh', async () => {
    const { requests, send } = heldSend();
    const unsent: string[][] = [];
    const queue = new SendQueue((texts) => unsent.push(texts));
    queue.add('one', send);
    queue.add('two', send);
    queue.add('three', send);
    await settle();
    requests[0]!.resolve();
    await settle();
    requests[1]!.reject();
    await settle();
    expect(unsent).toEqual([['two', 'three']]);
    expect(queue.pending).toEqual([]);
    expect(requests).toHaveLength(2);

    queue.add('two again', send);
    await settle();
    expect(requests.map((request) => request.text)).toEqual(['one', 'two', 'two again']);
  });

  it('sends with the newest send it was given', async () => {
    const first = heldSend();
    const second = heldSend();
    const queue = new SendQueue(() => undefined);
    queue.add('one', first.send);
    queue.add('two', second.send);
    await settle();
    first.requests[0]!.resolve();
    await settle();
    expect(second.requests.map((request) => request.text)).toEqual(['two']);
  });
});

describe('draftWithUnsent', () => {
  it('puts unsent messages back first, in order, then what was typed since, one per line', () => {
    expect(draftWithUnsent(['Gate B12 at 9.'], '')).toBe('Gate B12 at 9.');
    expect(draftWithUnsent(['one', 'two'], 'three')).toBe('one\ntwo\nthree');
    expect(draftWithUnsent(['one'], '   ')).toBe('one');
  });
});
