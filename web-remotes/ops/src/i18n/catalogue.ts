/**
 * The `ops` namespace: the admin's User Status Manager. Its page is the forms helper's file: these keys are
 * ready for the lead to switch it to t() after the merge (the service messages are in `common` → messages.admin).
 */
import { ADMIN_MESSAGES } from '@safarsaathi/contracts';
import { defineCatalogue } from '@safarsaathi/web-kit';

const en = {
  title: 'User Status Manager',
  intro: 'Block a user, or make a blocked user active again, by their phone number.',
  phoneNumber: 'Phone Number',
  phoneHint: 'With the country code (e.g. +15551234567) or the 10 digits',
  status: 'Status',
  statuses: { Active: 'Active', Block: 'Block' },
  statusReason: 'Status Reason',
  clear: 'Clear',
  update: 'Update Status',
  updated: ADMIN_MESSAGES.updated('{{status}}'),
  console: {
    nav: 'Ops tools',
    cases: 'Cases',
    audit: 'Audit log',
    userStatus: 'User status',
    casesTitle: 'Cases',
    auditTitle: 'Audit log',
    status: 'Status',
    type: 'Type',
    all: 'All',
    statuses: { open: 'Open', closed: 'Closed' },
    types: { support: 'Support', report: 'Report', no_show: 'No-show', safety: 'Safety (automatic)' },
    reasons: {
      harassment: 'Harassment',
      scam: 'Scam or fraud',
      inappropriate: 'Inappropriate content',
      safety: 'Safety concern',
      other: 'Something else',
    },
    noCases: 'No cases match these filters.',
    pick: 'Choose a case to see its details.',
    pages: 'Pages',
    reporter: 'Reported by',
    subject: 'About',
    attached: 'Attached messages',
    noMessages: 'The reporter attached no messages.',
    history: "The subject's history",
    blocked: 'Blocked',
    active: 'Active (not blocked)',
    otherCases: 'Other cases',
    noShows: 'No-shows',
    references: 'References',
    notes: 'Notes',
    note: 'Note',
    noteHint: 'Required to close or reopen; used as the reason when you block or unblock.',
    close: 'Close case',
    reopen: 'Reopen case',
    blockSubject: 'Block this user',
    unblockSubject: 'Unblock this user',
    fromCase: 'From case',
    statusSent: 'The user’s status was changed.',
    at: 'When',
    admin: 'Admin',
    action: 'Action',
    target: 'Target',
    noEntries: 'No admin actions yet.',
    actions: {
      user_blocked: 'Blocked a user',
      user_activated: 'Unblocked a user',
      case_closed: 'Closed a case',
      case_reopened: 'Reopened a case',
      case_noted: 'Noted a case',
      case_messages_read: 'Read a case’s attached messages',
    },
    via: { phone: 'by phone', console: 'ops console' },
  },
};

export type OpsTexts = typeof en;

export const opsCatalogue = defineCatalogue('ops', en, {
  hi: () => import('./catalogue.hi'),
  gu: () => import('./catalogue.gu'),
  pa: () => import('./catalogue.pa'),
  ta: () => import('./catalogue.ta'),
  te: () => import('./catalogue.te'),
  bn: () => import('./catalogue.bn'),
  mr: () => import('./catalogue.mr'),
  ml: () => import('./catalogue.ml'),
});
