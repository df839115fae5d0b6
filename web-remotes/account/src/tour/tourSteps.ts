import { PRODUCT_NAME } from '@safarsaathi/contracts';

export interface TourStep {
  id: string;
  title: string;
  body: string;
  /** `data-tour` value of the element to highlight; none: a centred card. */
  target?: string;
}

/** The nine steps of the guided tour (spec §2), in order. */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'welcome',
    title: `Welcome to ${PRODUCT_NAME}!`,
    body: 'Let us show you around your dashboard. It takes less than a minute.',
  },
  {
    id: 'service-cards',
    title: 'Quick Actions',
    body: 'Every service starts here. Pick a card to ask for help or to offer it.',
    target: 'service-cards',
  },
  {
    id: 'companion-card',
    title: 'Companion Service',
    body: 'Find a travel companion for an elderly or solo traveller, or offer gate-to-gate help and language support.',
    target: 'companion-card',
  },
  {
    id: 'search-section',
    title: 'Search Travelers',
    body: 'Search requests and offers by airport and travel dates, then contact a traveller.',
    target: 'search-section',
  },
  {
    id: 'sidebar',
    title: 'Navigation',
    body: 'Move between Home, Companion and Messages. New messages show a badge.',
    target: 'sidebar',
  },
  {
    id: 'notifications',
    title: 'Notifications',
    body: 'The bell shows matches and updates about your requests. Open it to read them.',
    target: 'notifications',
  },
  {
    id: 'menu',
    title: 'Your Account',
    body: 'Open your profile or log out from this menu.',
    target: 'menu',
  },
  {
    id: 'help-button',
    title: 'Need Help?',
    body: 'Stuck or have a question? Create a support case here and we will reply within 24-48 hours.',
    target: 'help-button',
  },
  {
    id: 'complete',
    title: "You're all set!",
    body: `You are ready to find your travel companion. Safe travels with ${PRODUCT_NAME}!`,
  },
];
