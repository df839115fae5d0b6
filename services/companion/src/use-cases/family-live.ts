/**
 * The family link follows live (addendum §1.6): whatever changes what a shared trip's public view shows
 * (its meeting point, a milestone, its match, the trip itself) is told to the link's own live stream, and
 * a link that stops working ends its open streams. The event says only that something changed: the page
 * refetches the public view, which applies every rule of what a visitor may see.
 *
 * Published after the write succeeded and never failing the caller, like every live event: a lost one
 * costs a visitor the wait until the page's polling fallback or the stream's next reconnection.
 */
import { sharedLiveStream, type LivePublisher } from '@safarsaathi/platform';
import type { ShareLinkPointer } from '../persistence/share-links';

type Shared = { share_link?: ShareLinkPointer | null };

/** Each shared record's open family pages refetch (records without a link are skipped). */
export function tellFamilies(ctx: { live: LivePublisher }, records: Array<Shared | null | undefined>): void {
  const targets = [
    ...new Set(records.flatMap((record) => (record?.share_link ? [record.share_link.id] : []))),
  ].map(sharedLiveStream);
  if (targets.length > 0) void ctx.live.publishToAll(targets, 'shared.changed', {});
}

/** The link stopped working (revoked, trip cancelled or deleted): its open streams end after one refetch. */
export function endFamilyLink(ctx: { live: LivePublisher }, linkId: string | null | undefined): void {
  if (linkId) void ctx.live.publish(sharedLiveStream(linkId), 'shared.ended', {});
}
