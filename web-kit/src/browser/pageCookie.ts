/**
 * The cookies the page itself writes (the signed-in hint, the page's language): readable by the page, never
 * secret, sent to the gateway with every request so it can answer a page's first paint. One place for their
 * attributes, so each is written the same way: the whole site, Lax, Secure over https, a lifetime when given.
 */

export interface PageCookieOptions {
  /** Seconds until it expires; 0 deletes it. Without it the cookie ends with the browser session. */
  maxAgeSeconds?: number;
  secure: boolean;
}

/** The `document.cookie` assignment for one page cookie. */
export function pageCookieString(name: string, value: string, options: PageCookieOptions): string {
  const maxAge = options.maxAgeSeconds === undefined ? '' : `; Max-Age=${options.maxAgeSeconds}`;
  return `${name}=${encodeURIComponent(value)}; Path=/${maxAge}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

export function writePageCookie(name: string, value: string, maxAgeSeconds?: number): void {
  if (typeof document === 'undefined') return;
  document.cookie = pageCookieString(name, value, {
    maxAgeSeconds,
    secure: window.location.protocol === 'https:',
  });
}

export function deletePageCookie(name: string): void {
  writePageCookie(name, '', 0);
}
