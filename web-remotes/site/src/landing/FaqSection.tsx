import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import { Section } from './Section';

const QUESTIONS = [
  {
    question: 'Do I have to pay to use SafarSaathi?',
    answer:
      'No. SafarSaathi is free and handles no payments. Some companions ask for a service charge, which their request shows; any such arrangement is between you and them.',
  },
  {
    question: 'How do I meet my companion safely?',
    answer:
      'Chat first and confirm the flight details, meet in a public area of the airport, share your plans with family, and trust your judgment. Chats are private and not monitored.',
  },
  {
    question: 'Can I cancel a request?',
    answer: 'Yes, at any time. A cancelled request stops being matched.',
  },
  {
    question: 'How does matching work?',
    answer:
      'Requests are matched on travel dates, origin and destination airports and the service needed. You are told when a match is found.',
  },
];

export function FaqSection() {
  return (
    <Section id="faq" title="Frequently asked questions">
      <Box sx={{ maxWidth: 820, mx: 'auto' }}>
        {QUESTIONS.map(({ question, answer }) => (
          <Accordion key={question} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="text.secondary">{answer}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </Section>
  );
}
