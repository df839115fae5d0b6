/**
 * Share tokens: 32 random bytes (base64url). The database keeps the token's SHA-256 as the link's `_id`
 * and, on the shared object, the token sealed with AES-256-GCM under a key derived from
 * INTERNAL_HMAC_SECRET (which the database never sees), so the owner can copy the same link again while
 * a stolen database copy opens nothing.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { shareLinkId } from '@safarsaathi/platform';

export const newShareToken = (): string => randomBytes(32).toString('base64url');

/** The link's id (platform's, so the gateway names the link's live stream the same way). */
export const shareTokenHash = shareLinkId;

export class ShareTokenSeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'safarsaathi', 'share-links-v1', 32));
  }

  /** The token sealed for storage; `linkId` is authenticated with it (a sealed token copied to another link fails). */
  seal(token: string, linkId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(linkId));
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The token, or null when it cannot be opened (e.g. INTERNAL_HMAC_SECRET was changed since). */
  open(sealed: string, linkId: string): string | null {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      decipher.setAAD(Buffer.from(linkId));
      const token = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return shareTokenHash(token) === linkId ? token : null;
    } catch {
      return null;
    }
  }
}
