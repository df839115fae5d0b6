/**
 * A family link's preview (addendum §3, issue 22 item 1): `/shared/<token>` is the shell's index.html with
 * its <title>, description and Open Graph tags naming the trip's route and date, so a messaging app shows
 * "DEL → JFK, 26 Nov 2026" instead of the generic card. Nothing else of the page changes; the values come
 * from the companion service's public view and are escaped, since the page is HTML and they are not ours.
 */
import {
  DEFAULT_LOCALE,
  sharePreviewFormat,
  SHARE_TOKEN_PATTERN,
  SHARED_TRIP_PAGE,
  localeFromAcceptLanguage,
  sharedTripPreview,
  type SharedTrip,
} from '@safarsaathi/contracts';

const SITE_NAME = 'SafarSaathi';

/** The token of a `/shared/<token>` page path, when it is one a link can have. */
export function sharedPageToken(urlPath: string): string | undefined {
  if (!urlPath.startsWith(SHARED_TRIP_PAGE)) return undefined;
  const token = urlPath.slice(SHARED_TRIP_PAGE.length);
  return SHARE_TOKEN_PATTERN.test(token) ? token : undefined;
}

/** Text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Sets a `<meta {attribute}="{key}" content>` of the template, or adds it at the end of the head. */
function setMeta(html: string, attribute: 'name' | 'property', key: string, value: string): string {
  const tag = `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const existing = new RegExp(
    `<meta\\s+${attribute}="${key.replace(/[.:]/g, '\\$&')}"\\s+content="[^"]*"\\s*/?>`,
  );
  if (existing.test(html)) return html.replace(existing, () => tag);
  return html.replace('</head>', () => `${tag}</head>`);
}

/**
 * The shell's page with the trip's preview. `acceptLanguage` picks English or Hindi (a messaging app's
 * fetcher usually asks for English; a Hindi browser's tab title is then Hindi).
 */
export function withSharedTripPreview(
  html: string,
  view: Pick<SharedTrip, 'from' | 'to' | 'date' | 'tentative'>,
  acceptLanguage: string | undefined,
): string {
  const locale = localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
  const { title, description } = sharedTripPreview(view, locale);
  let page = html.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(`${title} · ${SITE_NAME}`)}</title>`,
  );
  page = setMeta(page, 'name', 'description', description);
  page = setMeta(page, 'property', 'og:title', title);
  page = setMeta(page, 'property', 'og:description', description);
  page = setMeta(page, 'property', 'og:locale', sharePreviewFormat(locale).ogLocale);
  page = setMeta(
    page,
    'property',
    'og:locale:alternate',
    sharePreviewFormat(locale === 'en' ? 'hi' : 'en').ogLocale,
  );
  page = setMeta(page, 'name', 'twitter:title', title);
  page = setMeta(page, 'name', 'twitter:description', description);
  if (locale !== DEFAULT_LOCALE) page = page.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
  return page;
}
