/**
 * The terms (issue 38: they were a static English page without the header; now a page of the app, under the
 * public header with its language switch and large text). The document itself is in English only: a legal text
 * is translated by someone who answers for it, which has not been done yet, and the page says so in the reader's
 * language (LegalPage). The privacy policy is the privacy notice (issue 40, PrivacyNoticePage): nine languages,
 * written from the data catalogue.
 */
import { Box, Link, Typography } from '@mui/material';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@safarsaathi/contracts';
import { PRIVACY_URL, SUPPORT_MAILTO } from '@safarsaathi/web-kit';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** When the documents last changed. */
export const LEGAL_UPDATED = '21 November 2026';

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mt: 4, mb: 1 }}>
      {children}
    </Typography>
  );
}

function Para({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 1.5 }}>{children}</Typography>;
}

function List({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={{ pl: 3, my: 1, '& li': { mb: 1 } }}>
      {children}
    </Box>
  );
}

const Mail = () => <Link href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</Link>;

export function TermsDocument() {
  return (
    <>
      <Para>
        {PRODUCT_NAME} is a free community platform that helps adult travellers of the Indian community
        worldwide find a travel companion for a flight. By creating an account or using the platform you agree
        to these terms.
      </Para>
      <Heading>1. Who may use {PRODUCT_NAME}</Heading>
      <Para>
        You must be at least 18 years old. You may post a request for yourself or for a family member (for
        example an elderly parent flying alone) only with that person&apos;s consent, and you are responsible
        for the information you give about them.
      </Para>
      <Heading>2. Companionship only</Heading>
      <Para>
        {PRODUCT_NAME} connects travellers for companionship, gate-to-gate help and language support. It is
        not a travel agent, airline, escort, medical or security service. Companions are volunteers from the
        community, not our employees, and we do not check their identity, background or travel documents.
      </Para>
      <Heading>3. No payments through the platform</Heading>
      <Para>
        The platform is free and handles no payments. A companion may state that they help for free or mention
        a charge; any arrangement about money is solely between the travellers involved.
      </Para>
      <Heading>4. Your account</Heading>
      <Para>
        You sign in with a one-time code sent to your e-mail address. Keep access to your e-mail secure. The
        phone number you give is shown to nobody without your action and is not verified. You can delete your
        profile at any time from your profile; your active requests are then withdrawn.
      </Para>
      <Heading>5. Acceptable use</Heading>
      <List>
        <li>Give truthful information about your travel plans.</li>
        <li>
          Be respectful in chats. Harassment, discrimination, spam, or asking anyone to carry items for you is
          not allowed.
        </li>
        <li>Do not use the platform for commercial purposes or to collect other users&apos; data.</li>
      </List>
      <Para>
        We may block accounts that break these rules. A blocked user is told the reason and can contact us.
      </Para>
      <Heading>6. Safety</Heading>
      <Para>
        Use your judgment and stay safe: meet in public areas of the airport, keep your documents and
        valuables with you, and tell family members who your companion is. Report any concern to us at{' '}
        <Mail />.
      </Para>
      <Heading>7. Liability</Heading>
      <Para>
        {PRODUCT_NAME} is provided as is. To the extent the law allows, we are not liable for the acts of
        users, for missed or changed flights, or for any loss arising from a meeting arranged through the
        platform.
      </Para>
      <Heading>8. Changes</Heading>
      <Para>
        We may update these terms; the date above shows the latest version. Continued use after a change means
        you accept it.
      </Para>
      <Para>
        Questions? Write to <Mail />. See also our{' '}
        <Link component={RouterLink} to={PRIVACY_URL}>
          Privacy Policy
        </Link>
        .
      </Para>
    </>
  );
}
