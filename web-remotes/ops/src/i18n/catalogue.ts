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
};

export type OpsTexts = typeof en;

export const opsCatalogue = defineCatalogue('ops', en, () =>
  import('./catalogue.hi').then((module) => module.default),
);
