/** Reference data and business constants of the product specification (§3 and §9). */

export const PRODUCT_NAME = 'SafarSaathi';
export const SUPPORT_EMAIL = 'support@safarsaathi.app';

export interface Country {
  code: string;
  name: string;
  dialCode: string;
  flag: string;
}

function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

const COUNTRY_ROWS: Array<[code: string, name: string, dialCode: string]> = [
  ['US', 'United States', '+1'],
  ['CA', 'Canada', '+1'],
  ['GB', 'United Kingdom', '+44'],
  ['IN', 'India', '+91'],
  ['AU', 'Australia', '+61'],
  ['DE', 'Germany', '+49'],
  ['FR', 'France', '+33'],
  ['IT', 'Italy', '+39'],
  ['ES', 'Spain', '+34'],
  ['NL', 'Netherlands', '+31'],
  ['BE', 'Belgium', '+32'],
  ['CH', 'Switzerland', '+41'],
  ['AT', 'Austria', '+43'],
  ['SE', 'Sweden', '+46'],
  ['NO', 'Norway', '+47'],
  ['DK', 'Denmark', '+45'],
  ['FI', 'Finland', '+358'],
  ['IE', 'Ireland', '+353'],
  ['PT', 'Portugal', '+351'],
  ['PL', 'Poland', '+48'],
  ['JP', 'Japan', '+81'],
  ['CN', 'China', '+86'],
  ['KR', 'South Korea', '+82'],
  ['SG', 'Singapore', '+65'],
  ['MY', 'Malaysia', '+60'],
  ['TH', 'Thailand', '+66'],
  ['ID', 'Indonesia', '+62'],
  ['PH', 'Philippines', '+63'],
  ['VN', 'Vietnam', '+84'],
  ['HK', 'Hong Kong', '+852'],
  ['AE', 'United Arab Emirates', '+971'],
  ['SA', 'Saudi Arabia', '+966'],
  ['QA', 'Qatar', '+974'],
  ['KW', 'Kuwait', '+965'],
  ['BH', 'Bahrain', '+973'],
  ['OM', 'Oman', '+968'],
  ['IL', 'Israel', '+972'],
  ['TR', 'Turkey', '+90'],
  ['EG', 'Egypt', '+20'],
  ['ZA', 'South Africa', '+27'],
  ['KE', 'Kenya', '+254'],
  ['NG', 'Nigeria', '+234'],
  ['BR', 'Brazil', '+55'],
  ['MX', 'Mexico', '+52'],
  ['AR', 'Argentina', '+54'],
  ['PK', 'Pakistan', '+92'],
  ['BD', 'Bangladesh', '+880'],
  ['LK', 'Sri Lanka', '+94'],
  ['NP', 'Nepal', '+977'],
  ['MU', 'Mauritius', '+230'],
  ['NZ', 'New Zealand', '+64'],
];

/** The 51 countries of the registration dialog; the first (United States, +1) is the default. */
export const COUNTRIES: readonly Country[] = COUNTRY_ROWS.map(([code, name, dialCode]) => ({
  code,
  name,
  dialCode,
  flag: flagOf(code),
}));
export const DEFAULT_COUNTRY_CODE = 'US';

/** Country search matches name, dial code or code (case-insensitive). */
export function searchCountries(query: string): Country[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...COUNTRIES];
  return COUNTRIES.filter(
    (c) => c.name.toLowerCase().includes(q) || c.dialCode.includes(q) || c.code.toLowerCase().includes(q),
  );
}

export const LANGUAGES = [
  'Assamese',
  'Bengali',
  'English',
  'Gujarati',
  'Hindi',
  'Kannada',
  'Kashmiri',
  'Malayalam',
  'Marathi',
  'Odia',
  'Punjabi',
  'Sanskrit',
  'Tamil',
  'Telugu',
  'Urdu',
] as const;

export const AIRLINES = [
  { name: 'Air India', color: '#d71920', initials: 'AI' },
  { name: 'United Airlines', color: '#005daa', initials: 'UA' },
  { name: 'Emirates', color: '#d71a21', initials: 'EK' },
  { name: 'Lufthansa', color: '#05164d', initials: 'LH' },
  { name: 'Qatar Airways', color: '#5c0632', initials: 'QR' },
  { name: 'American Airlines', color: '#0078d2', initials: 'AA' },
  { name: 'Delta Air Lines', color: '#003366', initials: 'DL' },
  { name: 'British Airways', color: '#075aaa', initials: 'BA' },
] as const;

/** The fixed airport list of the travel form. */
export const TRAVEL_FORM_AIRPORTS = [
  { code: 'ATL', city: 'Atlanta' },
  { code: 'DEL', city: 'Delhi' },
  { code: 'BOM', city: 'Mumbai' },
  { code: 'MAA', city: 'Chennai' },
  { code: 'BLR', city: 'Bangalore' },
  { code: 'HYD', city: 'Hyderabad' },
  { code: 'JFK', city: 'New York' },
  { code: 'LHR', city: 'London' },
  { code: 'DXB', city: 'Dubai' },
  { code: 'SIN', city: 'Singapore' },
] as const;

/**
 * The issue types, the two of the travel day first (issue 38): choosing either shows what to do now before
 * the form (URGENT_ISSUE_TYPES in support.ts). The spec's types follow in its order, with the privacy
 * requests (issue 40) before "Other".
 */
export const FALLBACK_ISSUE_TYPES = [
  'Trip-day problem (urgent)',
  'Safety concern',
  'Account Issues',
  'Feature Requests',
  'General Inquiry',
  'Service Complaints',
  'Technical Support',
  // Access, correction, erasure, a nominee, a grievance (issue 40): answered within PRIVACY_REQUEST_DUE_DAYS.
  'Privacy and data request',
  'Other',
] as const;

export const AIRPORT_COUNTRIES = [
  'IN',
  'US',
  'AE',
  'QA',
  'GB',
  'DE',
  'TR',
  'FR',
  'SG',
  'CA',
  'KW',
  'JP',
] as const;
export const DEFAULT_FROM_AIRPORT = 'ORD';

/** Business constants and limits (spec §9). Durations in milliseconds. */
export const LIMITS = {
  otpLength: 6,
  otpResendCountdownMs: 30_000,
  standaloneVerifyRedirectMs: 1_500,
  loginRedirectMs: 2_000,
  registrationCloseDelayMs: 2_000,
  toggleMessageTimeoutMs: 3_000,
  phoneDigits: 10,
  fullNameMax: 60,
  ageMin: 1,
  ageMax: 120,
  supportDetailsMin: 20,
  chatMessagePollMs: 3_000,
  conversationsPollMs: 12_000,
  chatUnreadPollMs: 20_000,
  notificationUnreadPollMs: 15_000,
  notificationListSize: 10,
  badgeCap: 99,
  inactivityTimeoutMs: 600_000,
  successResetMs: 4_000,
  successResetContactFlowMs: 6_000,
  notificationRefreshDelayMs: 500,
  airportSuggestionsMax: 50,
  airportSuggestionsEmptyQuery: 100,
  languageChipsMax: 3,
  chatInputRows: 3,
  tourSteps: 9,
  loginSteps: 3,
  resultsGridColumns: 3,
  defaultTravelTime: '12:00 PM',
  /**
   * Beyond the spec (issue 20): what one user may keep at once, so one account cannot flood search and
   * matching. Active companion requests (not cancelled, not past their travel date)...
   */
  activeCompanionRequestsMax: 10,
  /** ...and travel plans whose last flight is not yet past. */
  upcomingTravelPlansMax: 50,
} as const;

/** Server-side one-time-code policy (not in the spec; see docs/decisions.md). */
/**
 * One-time codes. Sends are limited per (address, client IP) — 5 an hour, one per resend wait — so a
 * stranger who uses up an address's codes from their own IP does not lock its owner out; a per-address
 * ceiling (10 per 15 minutes, from all IPs together) bounds the mail one address can receive, and a
 * browser the owner signed in with before (its device cookie) is not held back by that ceiling.
 */
export const OTP_POLICY = {
  ttlSeconds: 600,
  maxWrongAttempts: 5,
  resendWindowSeconds: 3600,
  /** Per address and client IP, per resendWindowSeconds. */
  maxSendsPerWindow: 5,
  /** Codes for one mailbox (the address without a `+tag`) to browsers of one network, per window. */
  addressCeiling: 10,
  addressCeilingWindowSeconds: 900,
  knownDeviceDays: 180,
  /**
   * Wrong codes for one address, from browsers that never signed in to it (NIST SP 800-63B §5.2.2: at most
   * 100 consecutive failures). The first `freeFailures` cost nothing; each one after doubles the wait before
   * the next check, from `backoffBaseSeconds` up to `backoffMaxSeconds`; at `maxConsecutiveFailures` such
   * browsers are refused until `failureMemorySeconds` after the last failure or a sign-in of the owner.
   */
  freeFailures: 10,
  backoffBaseSeconds: 5,
  backoffMaxSeconds: 3600,
  maxConsecutiveFailures: 100,
  failureMemorySeconds: 86_400,
  /** How long a proof-of-work challenge may be solved and sent. */
  challengeTtlSeconds: 600,
} as const;

export const BROWSER_EVENTS = {
  refreshUnreadCount: 'refreshUnreadCount',
  refreshNotifications: 'refreshNotifications',
} as const;
