import { SHARE_TOKEN_PATTERN, shareExpiry, shareTokenParamsSchema } from '@safarsaathi/contracts';
import { ShareTokenSeal, newShareToken, shareTokenHash } from '../src/use-cases/share-tokens';

const SECRET = 'a-test-secret-of-at-least-32-characters!!';

describe('share tokens', () => {
  test('are 32 random bytes in base64url, accepted by the public route schema', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newShareToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(SHARE_TOKEN_PATTERN);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(shareTokenParamsSchema.safeParse({ token }).success).toBe(true);
    }
    expect(shareTokenParamsSchema.safeParse({ token: `${newShareToken()}=` }).success).toBe(false);
  });

  test('are stored as their SHA-256, which differs from the token', () => {
    const token = newShareToken();
    expect(shareTokenHash(token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shareTokenHash(token)).toBe(shareTokenHash(token));
    expect(shareTokenHash(token)).not.toBe(token);
  });

  test('sealed, open only with the same key and for the same link', () => {
    const seal = new ShareTokenSeal(SECRET);
    const token = newShareToken();
    const linkId = shareTokenHash(token);
    const sealed = seal.seal(token, linkId);
    expect(sealed).not.toContain(token);
    expect(seal.open(sealed, linkId)).toBe(token);
    // Another link's id, another secret, or a changed byte: nothing.
    const other = shareTokenHash(newShareToken());
    expect(seal.open(sealed, other)).toBeNull();
    expect(new ShareTokenSeal(`${SECRET}-rotated`).open(sealed, linkId)).toBeNull();
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(seal.open(raw.toString('base64url'), linkId)).toBeNull();
    expect(seal.open('garbage', linkId)).toBeNull();
  });
});

describe('shareExpiry', () => {
  test('a link works through the day after the last travel day (UTC)', () => {
    expect(shareExpiry('2027-01-30')).toEqual({
      lastDay: '2027-01-31',
      expiresAt: '2027-02-01T00:00:00.000Z',
    });
    expect(shareExpiry('2028-02-28')).toEqual({
      lastDay: '2028-02-29',
      expiresAt: '2028-03-01T00:00:00.000Z',
    });
    expect(shareExpiry('2027-12-31')).toEqual({
      lastDay: '2028-01-01',
      expiresAt: '2028-01-02T00:00:00.000Z',
    });
  });

  test('refuses what is not a calendar day', () => {
    expect(() => shareExpiry('soon')).toThrow();
  });
});
