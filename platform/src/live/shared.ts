/**
 * Family links (shared trips) follow live through the same hub as signed-in users: each link has a stream
 * of its own beside the users' streams, named from the link's id (the SHA-256 of its token), so the
 * companion service publishes to it by the id it stores and the gateway opens it from the token the
 * visitor holds, and neither ever writes the token itself into Redis.
 */
import { createHash } from 'node:crypto';

/** A share link's id: the base64url SHA-256 of its token (the link document's `_id`). */
export const shareLinkId = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** The hub's stream name of a shared link (user ids never contain a colon, so the two never meet). */
export const sharedLiveStream = (linkId: string): string => `shared:${linkId}`;
