/**
 * Proof-of-work challenges (ALTCHA, self-hosted, altcha-lib v2): asked for when a network has used its
 * hourly budget of codes, so a person behind a shared address (carrier-grade NAT) pays a second of a
 * phone's work instead of waiting an hour, while a script pays it for every code. Challenges are signed
 * with a key derived from the internal secret (nothing new to configure), expire after
 * OTP_POLICY.challengeTtlSeconds, and each solution is accepted once (its nonce is kept in Redis until the
 * challenge would have expired).
 */
import { createHmac } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { OTP_POLICY, type AltchaChallenge } from '@safarsaathi/contracts';
import type { Redis } from '@safarsaathi/platform';

const ALGORITHM = 'PBKDF2/SHA-256';
const usedKey = (nonce: string) => `otp-challenge-used:${nonce}`;

export class ChallengeStore {
  private readonly signingKey: string;

  constructor(
    private readonly redis: Redis,
    internalSecret: string,
    /** PBKDF2 iterations per try; a solution takes about 256 tries (key prefix '00'). */
    private readonly cost: number,
  ) {
    this.signingKey = createHmac('sha256', internalSecret).update('altcha-challenge-v2').digest('hex');
  }

  async create(): Promise<AltchaChallenge> {
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: this.cost,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + OTP_POLICY.challengeTtlSeconds,
      hmacSignatureSecret: this.signingKey,
    });
    return challenge as AltchaChallenge;
  }

  /**
   * True once for a payload (the widget's base64 JSON `{ challenge, solution }`) whose challenge this
   * service signed, has not expired, is solved, and was not redeemed before; false for anything else.
   */
  async redeem(payload: string): Promise<boolean> {
    const parsed = parsePayload(payload);
    if (!parsed || parsed.challenge.parameters.algorithm !== ALGORITHM) return false;
    let verified = false;
    try {
      const result = await verifySolution({
        challenge: parsed.challenge,
        solution: parsed.solution,
        deriveKey,
        hmacSignatureSecret: this.signingKey,
      });
      verified = result.verified;
    } catch {
      return false;
    }
    if (!verified) return false;
    const ttl = Math.max(1, (parsed.challenge.parameters.expiresAt ?? 0) - Math.floor(Date.now() / 1000));
    return (await this.redis.set(usedKey(parsed.challenge.parameters.nonce), '1', 'EX', ttl, 'NX')) === 'OK';
  }
}

function parsePayload(payload: string): { challenge: Challenge; solution: Solution } | undefined {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as unknown;
    if (!value || typeof value !== 'object') return undefined;
    const { challenge, solution } = value as { challenge?: Challenge; solution?: Solution };
    if (
      !challenge?.parameters ||
      typeof challenge.parameters.nonce !== 'string' ||
      !solution ||
      typeof solution !== 'object'
    )
      return undefined;
    if (typeof challenge.parameters.expiresAt !== 'number') return undefined;
    return { challenge, solution };
  } catch {
    return undefined;
  }
}
