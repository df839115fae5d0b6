import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import { Section } from './Section';
import { useSiteTranslation } from '../i18n';

const QUESTIONS = ['pay', 'meet', 'cancel', 'matching'] as const;

export function FaqSection() {
  const { t } = useSiteTranslation();
  return (
    <Section id="faq" title={t('faq.title')}>
      <Box sx={{ maxWidth: 820, mx: 'auto' }}>
        {QUESTIONS.map((key) => (
          <Accordion key={key} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {t(`faq.${key}.question`)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="text.secondary">{t(`faq.${key}.answer`)}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </Section>
  );
}
