/**
 * The privacy notice (issue 40, spec §4): `/privacy` and `/privacy-policy.html`, a page of the web app written
 * from the data catalogue (web-remotes/site PrivacyNoticePage). What the page needs from the server is the
 * grievance officer, from the gateway's configuration (GRIEVANCE_OFFICER_NAME, GRIEVANCE_OFFICER_EMAIL).
 */
import { z } from 'zod';

export const PRIVACY_NOTICE_PATHS = ['/privacy', '/privacy-policy.html'] as const;
/** `GET`: public, answered by the gateway itself. */
export const PRIVACY_CONTACT_PATH = '/api/privacy/contact';

export const privacyContactSchema = z.object({
  grievance_officer: z.object({ name: z.string(), email: z.string() }),
});
export type PrivacyContact = z.infer<typeof privacyContactSchema>;

/** When the notice last changed in substance (a new item of data, a new period, a new right). */
export const PRIVACY_NOTICE_UPDATED = '2026-12-07';

/** Where a person complains (after our grievance officer, for India). */
export const DATA_PROTECTION_AUTHORITIES = {
  india: 'https://www.dpb.gov.in/',
  uk: 'https://ico.org.uk/make-a-complaint/',
  eu: 'https://edpb.europa.eu/about-edpb/about-edpb/members_en',
} as const;
