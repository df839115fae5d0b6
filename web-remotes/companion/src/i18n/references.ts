/** Texts of references after the trip and trust figures on a request card (addendum §2.1). */
export const REFERENCES_EN = {
  title: 'After the trip',
  ask: 'How was your trip with {{name}}?',
  rating: 'How did it go?',
  ratings: { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' },
  text: 'Your reference',
  textHelp: 'At least 20 characters. {{name}} sees it once you both wrote yours, or 14 days after the trip.',
  noShow: '{{name}} did not turn up',
  send: 'Send reference',
  sending: 'Sending...',
  sendFailed: 'The reference could not be sent. Please try again.',
  given: 'Your reference',
  received: 'Their reference about you',
  hidden: '{{name}} wrote a reference. You will see it once you wrote yours, or 14 days after the trip.',
  noneReceived: 'No reference from {{name}} yet.',
  noShowMark: 'Did not turn up',
  trust: {
    title: 'Trust',
    trips: 'Trips completed: {{count}}',
    references: '{{positive}} positive · {{neutral}} neutral · {{negative}} negative references',
    memberSince: 'Member since {{month}}',
    /** Shown when not zero: matched trips cancelled within 48 hours of the departure. */
    lateCancellations: 'Late cancellations in the last 12 months: {{count}}',
  },
} as const;
