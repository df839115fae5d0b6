/** Kept for the existing imports: relative time lives with the other Intl formatters. */
export { relativeTime } from '../i18n/format';
