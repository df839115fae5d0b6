/**
 * Redis stream ids (`<milliseconds>-<sequence>`) are the SSE event ids of the live stream: ordered per
 * user, resumable with `Last-Event-ID`, and the same id in the replay buffer and in the published copy.
 */
const STREAM_ID = /^(\d{1,15})-(\d{1,20})$/;

export function isStreamId(value: string): boolean {
  return STREAM_ID.test(value);
}

/** The id's time part in milliseconds (Redis's clock when it was added). */
export function streamIdMs(id: string): number {
  return Number(id.slice(0, id.indexOf('-')));
}

/** Negative, zero or positive as `a` is before, equal to or after `b`. Both must be stream ids. */
export function compareStreamIds(a: string, b: string): number {
  const [aMs, aSeq] = a.split('-') as [string, string];
  const [bMs, bSeq] = b.split('-') as [string, string];
  return compareDigits(aMs, bMs) || compareDigits(aSeq, bSeq);
}

// Decimal strings without leading zeros compare by length first; sequence numbers can exceed 2^53.
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}
