/**
 * Secrets an e-mail must carry (a one-time code) never travel in queue data: BullMQ keeps job data in
 * Redis in plain text, also after the job is done. The sender stores the secret here, encrypted
 * (AES-256-GCM, key derived from INTERNAL_HMAC_SECRET, which Redis never sees) under a random reference
 * that expires with the code; the job carries only the reference, and the worker deletes the secret
 * once the e-mail is sent.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

const keyOf = (ref: string) => `email-secret:${ref}`;

export class EmailSecrets {
  private readonly key: Buffer;

  constructor(
    private readonly redis: Redis,
    secret: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'safarsaathi', 'email-secrets-v1', 32));
  }

  /** Stores `value` for `ttlSeconds`; returns the reference a job may carry. */
  async put(value: string, ttlSeconds: number): Promise<string> {
    const ref = randomBytes(18).toString('base64url');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    // The reference is authenticated with the secret: a ciphertext copied under another reference fails.
    cipher.setAAD(Buffer.from(ref));
    const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    const stored = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    await this.redis.set(keyOf(ref), stored, 'EX', ttlSeconds);
    return ref;
  }

  /** The secret, or undefined when it expired, was already used, or does not decrypt. */
  async get(ref: string): Promise<string | undefined> {
    const stored = await this.redis.get(keyOf(ref));
    if (!stored) return undefined;
    try {
      const raw = Buffer.from(stored, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(ref));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }

  async delete(ref: string): Promise<void> {
    await this.redis.del(keyOf(ref));
  }
}
