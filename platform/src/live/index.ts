export { LivePublisher, type LivePublisherOptions, type LiveTarget } from './publisher';
export { LiveHub, type LiveEntry, type LiveHubOptions, type LiveSink, type LiveSubscription } from './hub';
export { liveKeys, type LiveKeys } from './keys';
export { withLiveCommands, type LivePipeline, type LiveRedis } from './scripts';
export { compareStreamIds, isStreamId, streamIdMs } from './stream-ids';
export { shareLinkId, sharedLiveStream } from './shared';
