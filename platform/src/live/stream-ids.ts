/**
 * Redis stream ids (`<milliseconds>-<sequence>`) are the SSE event ids of the live stream: ordered per
 * user, resumable with `Last-Event-ID`, and the same id in the replay buffer and in the published copy.
 * The rules live in contracts, so the browser compares ids the same way.
 */
export {
  compareLiveEventIds as compareStreamIds,
  isLiveEventId as isStreamId,
  liveEventIdMs as streamIdMs,
} from '@safarsaathi/contracts';
