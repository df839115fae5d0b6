/**
 * The traveller's card and the pickup pass (issue 39, addendum "Safe with strangers" §5): the query of
 * both routes and their words in the nine languages (one plain-data file per language, like the server
 * texts). The companion service makes the documents (services/companion/src/documents).
 */
import { z } from 'zod';
import { localeSchema, type Locale } from '../locale';
import { fillText } from '../texts/fill';
import en, { type PaperTexts } from './en';
import hi from './hi';
import gu from './gu';
import pa from './pa';
import ta from './ta';
import te from './te';
import bn from './bn';
import mr from './mr';
import ml from './ml';

export type { PaperTexts } from './en';

export const PAPER_TEXTS: Record<Locale, PaperTexts> = { en, hi, gu, pa, ta, te, bn, mr, ml };

/** `?lang=xx`: the document's language beside English (default: the user's language, else English). */
export const paperQuerySchema = z.object({ lang: localeSchema.optional() });

/** The phrases printed on every card, in this order (at least six: addendum §5). */
export const CARD_PHRASES = [
  'purpose',
  'address',
  'wheelchair',
  'english',
  'callFamily',
  'gate',
  'connection',
  'medicine',
] as const satisfies ReadonlyArray<keyof PaperTexts['phrases']>;

/** A language's words, placeholders filled by `fill` (the product's name always). */
export function paperTexts(locale: Locale): PaperTexts & { fill: typeof fillText } {
  return { ...PAPER_TEXTS[locale], fill: fillText };
}
