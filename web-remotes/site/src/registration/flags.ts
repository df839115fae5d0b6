// Only the registration list's countries (COUNTRIES in contracts), so the bundle carries 51 flags, not 250.
import {
  AE, AR, AT, AU, BD, BE, BH, BR, CA, CH, CN, DE, DK, EG, ES, FI, FR, GB, HK, ID, IE, IL, IN, IT, JP, KE, KR,
  KW, LK, MU, MX, MY, NG, NL, NO, NP, NZ, OM, PH, PK, PL, PT, QA, SA, SE, SG, TH, TR, US, VN, ZA,
} from 'country-flag-icons/string/3x2';

const FLAG_SVGS: Readonly<Record<string, string>> = {
  AE, AR, AT, AU, BD, BE, BH, BR, CA, CH, CN, DE, DK, EG, ES, FI, FR, GB, HK, ID, IE, IL, IN, IT, JP, KE, KR,
  KW, LK, MU, MX, MY, NG, NL, NO, NP, NZ, OM, PH, PK, PL, PT, QA, SA, SE, SG, TH, TR, US, VN, ZA,
};

/** The SVG of a country's flag as an image source; undefined for a country without one here. */
export function flagSource(code: string): string | undefined {
  const svg = FLAG_SVGS[code];
  return svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : undefined;
}

