import { Box, Container, Link, Paper, Stack, Typography } from '@mui/material';
import {
  DATA_CATALOGUE,
  DATA_PROTECTION_AUTHORITIES,
  HELP_SUPPORT_PAGE,
  PRIVACY_CONTACT_PATH,
  PRIVACY_NOTICE_UPDATED,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  isLocale,
  type DataItem,
  type PrivacyContact,
} from '@safarsaathi/contracts';
import {
  api,
  changeLocale,
  fillPlaceholders,
  registerCatalogue,
  useCatalogue,
  useFormat,
  type Translation,
} from '@safarsaathi/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { privacyCatalogue, type PrivacyTexts } from '../i18n/privacy';

registerCatalogue(privacyCatalogue);

type Texts = Translation<PrivacyTexts>;

/** How long an item is kept, in the reader's words, from the catalogue's rule. */
function howLong(item: DataItem, texts: Texts): string {
  const { retention } = item;
  switch (retention.rule) {
    case 'minutes':
      return fillPlaceholders(texts.retention.minutes, { count: retention.minutes });
    case 'days':
    case 'days_after_last_use':
    case 'days_after_last_travel_or_message':
    case 'days_after_sent_once_read':
      return fillPlaceholders(texts.retention[retention.rule], { count: retention.days });
    case 'years':
    case 'years_after_closed':
      return fillPlaceholders(texts.retention[retention.rule], { count: retention.years });
    case 'with_account':
      return texts.retention.with_account;
  }
}

function basisOf(item: DataItem, texts: Texts): string {
  const { legal } = item;
  return legal.basis === 'consent'
    ? fillPlaceholders(texts.basis.consent, { purpose: texts.purposes[legal.purpose].name })
    : texts.basis[legal.basis];
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ mt: 5 }} id={id}>
      <Typography id={`${id}-title`} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ mt: 1 }}>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {label}:{' '}
      </Typography>
      <Typography component="span">{children}</Typography>
    </Box>
  );
}

/**
 * `/privacy` and `/privacy-policy.html` (issue 40, spec §4): the privacy notice, in the page's language (a
 * `?lang=xx` link switches the page to it; otherwise the page's language is the browser's, or the one the
 * visitor chose). Written from the data catalogue: each item of data, why and how long, then the choices,
 * the rights and how to use them, the grievance officer (from the gateway's configuration) and where to
 * complain.
 */
export default function PrivacyNoticePage() {
  const texts = useCatalogue(privacyCatalogue);
  const format = useFormat();
  const [params] = useSearchParams();
  const asked = params.get('lang');

  useEffect(() => {
    // A link in a language (an e-mail, a QR code) shows the notice in it; the page stays switchable.
    if (isLocale(asked) && asked !== format.locale) void changeLocale(asked);
    // Only the link's language is followed, once: a later switch in the header is the reader's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);

  useEffect(() => {
    const before = document.title;
    document.title = `${texts.title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = before;
    };
  }, [texts.title]);

  const contact = useQuery({
    queryKey: ['privacy', 'contact'],
    queryFn: ({ signal }) => api.get<PrivacyContact>(PRIVACY_CONTACT_PATH, { signal }),
    staleTime: 5 * 60_000,
  });

  const sections = [
    ['kept', texts.kept.title],
    ['choices', texts.choices.title],
    ['rights', texts.rights.title],
    ['contact', texts.contact.title],
    ['complain', texts.complain.title],
  ] as const;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }} data-testid="privacy-notice">
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.5rem' }, mb: 1 }}
      >
        {texts.title}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary">
        {texts.subtitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }} data-testid="privacy-updated">
        {fillPlaceholders(texts.updated, { date: format.longDate(`${PRIVACY_NOTICE_UPDATED}T12:00:00Z`) })}
      </Typography>
      <Typography sx={{ mb: 2 }}>{texts.intro}</Typography>

      <Box component="nav" aria-labelledby="privacy-contents">
        <Typography id="privacy-contents" sx={{ fontWeight: 700 }}>
          {texts.contents}
        </Typography>
        <Box component="ul" sx={{ pl: 3, my: 1 }}>
          {sections.map(([id, title]) => (
            <li key={id}>
              <Link href={`#${id}`}>{title}</Link>
            </li>
          ))}
        </Box>
      </Box>

      <Section id="kept" title={texts.kept.title}>
        <Typography sx={{ mb: 2 }}>{texts.kept.intro}</Typography>
        <Stack
          component="ul"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          data-testid="privacy-items"
        >
          {DATA_CATALOGUE.map((item) => (
            <Paper
              key={item.id}
              component="li"
              variant="outlined"
              sx={{ p: 2 }}
              data-testid={`privacy-item-${item.id}`}
            >
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {texts.items[item.id].item}
              </Typography>
              <Row label={texts.kept.why}>{texts.items[item.id].purpose}</Row>
              <Row label={texts.kept.howLong}>{howLong(item, texts)}</Row>
              <Row label={texts.kept.basis}>{basisOf(item, texts)}</Row>
            </Paper>
          ))}
        </Stack>
      </Section>

      <Section id="choices" title={texts.choices.title}>
        <Typography sx={{ mb: 1 }}>{texts.choices.intro}</Typography>
        <Box component="ul" sx={{ pl: 3, '& li': { mb: 1 } }}>
          {(Object.keys(texts.purposes) as Array<keyof typeof texts.purposes>).map((purpose) => (
            <li key={purpose}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {texts.purposes[purpose].name}:
              </Typography>{' '}
              {texts.purposes[purpose].text}
            </li>
          ))}
        </Box>
        <Link component={RouterLink} to="/profile#privacy-choices">
          {texts.choices.title}
        </Link>
      </Section>

      <Section id="rights" title={texts.rights.title}>
        <Typography sx={{ mb: 1 }}>{texts.rights.intro}</Typography>
        <Box component="ul" sx={{ pl: 3, '& li': { mb: 1.5 } }} data-testid="privacy-rights">
          {(['access', 'correction', 'erasure', 'withdrawal', 'nominee', 'grievance'] as const).map(
            (right) => (
              <li key={right} data-testid={`privacy-right-${right}`}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {texts.rights[right].name}:
                </Typography>{' '}
                {texts.rights[right].how}
              </li>
            ),
          )}
        </Box>
        <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap">
          <Link component={RouterLink} to="/profile">
            {texts.rights.access.name}
          </Link>
          <Link component={RouterLink} to={HELP_SUPPORT_PAGE}>
            {texts.rights.correction.name}
          </Link>
        </Stack>
      </Section>

      <Section id="contact" title={texts.contact.title}>
        <Typography sx={{ mb: 1 }}>{texts.contact.intro}</Typography>
        {contact.data ? (
          <Typography data-testid="privacy-grievance-officer">
            {contact.data.grievance_officer.name},{' '}
            <Link href={`mailto:${contact.data.grievance_officer.email}`}>
              {contact.data.grievance_officer.email}
            </Link>
          </Typography>
        ) : contact.isError ? (
          <Typography>{fillPlaceholders(texts.contact.unavailable, { email: SUPPORT_EMAIL })}</Typography>
        ) : (
          <Typography color="text.secondary">{texts.contact.loading}</Typography>
        )}
      </Section>

      <Section id="complain" title={texts.complain.title}>
        <Typography sx={{ mb: 1 }}>{texts.complain.intro}</Typography>
        <Box component="ul" sx={{ pl: 3, '& li': { mb: 1 } }}>
          {(['india', 'uk', 'eu'] as const).map((where) => (
            <li key={where}>
              <Link href={DATA_PROTECTION_AUTHORITIES[where]} target="_blank" rel="noopener noreferrer">
                {texts.complain[where]}
              </Link>
            </li>
          ))}
        </Box>
      </Section>

      <Section id="breach" title={texts.breach.title}>
        <Typography>{texts.breach.text}</Typography>
        <Typography sx={{ mt: 2 }}>{texts.adults}</Typography>
      </Section>
    </Container>
  );
}
