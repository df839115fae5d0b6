import { describe, expect, it } from '@jest/globals';
import { LOCALE_COOKIE, SIGNED_IN_HINT_COOKIE } from '@safarsaathi/contracts';
import { pageCookieString } from '../src/browser/pageCookie';

describe('pageCookieString: every page cookie for the whole site, Lax, Secure only over https', () => {
  it('the signed-in hint lasts the browser session', () => {
    expect(pageCookieString(SIGNED_IN_HINT_COOKIE, '1', { secure: false })).toBe(
      'ss_signed_in=1; Path=/; SameSite=Lax',
    );
  });

  it('clearing sets Max-Age=0 and an empty value', () => {
    expect(pageCookieString(SIGNED_IN_HINT_COOKIE, '', { maxAgeSeconds: 0, secure: true })).toBe(
      'ss_signed_in=; Path=/; Max-Age=0; SameSite=Lax; Secure',
    );
  });

  it('the page language carries its lifetime and is Secure over https', () => {
    expect(pageCookieString(LOCALE_COOKIE, 'ta', { maxAgeSeconds: 31_536_000, secure: true })).toBe(
      'ss_locale=ta; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    );
  });

  it('a value that would end the cookie early is encoded', () => {
    expect(pageCookieString('x', 'a; Path=/evil', { secure: false })).toBe(
      'x=a%3B%20Path%3D%2Fevil; Path=/; SameSite=Lax',
    );
  });
});
