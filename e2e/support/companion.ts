/** Posting a companion request through the New Request form, as a traveller would. */
import { expect, type Page } from '@playwright/test';
import { pickAirport } from './ui';

export interface BookedRequest {
  role: 'need' | 'provide';
  /** Text typed into the type-ahead, and the code to pick. */
  from: [query: string, code: string];
  to: [query: string, code: string];
  airline: string;
  flightNumber: string;
  date: string;
  name: string;
  age: number;
  gender: 'Male' | 'Female' | 'Other';
  language: string;
}

/**
 * On the New Request tab: picks Find Companion or Offer Help and fills the form for a booked flight,
 * free of charge, up to an enabled Submit Request button (not pressed).
 */
export async function fillBookedRequestForm(page: Page, request: BookedRequest): Promise<void> {
  await page.getByText(request.role === 'need' ? 'Find Companion' : 'Offer Help').click();
  await expect(
    page.getByRole('heading', {
      name: request.role === 'need' ? 'Find a Companion' : 'Offer Companion Service',
    }),
  ).toBeVisible();
  await pickAirport(page, 'from-airport', request.from[0], request.from[1]);
  await pickAirport(page, 'to-airport', request.to[0], request.to[1]);
  await page.getByRole('combobox', { name: /^Airline Name/ }).fill(request.airline);
  await page.getByRole('textbox', { name: /^Flight Number/ }).fill(request.flightNumber);
  await page.getByLabel(/^Travel Date/).fill(request.date);
  await page
    .getByRole('textbox', { name: request.role === 'need' ? /^Passenger Name/ : /^Your Name/ })
    .fill(request.name);
  await page.getByRole('spinbutton', { name: /^Age/ }).fill(String(request.age));
  await page.getByRole('combobox', { name: /^Gender/ }).click();
  await page.getByRole('option', { name: request.gender, exact: true }).click();
  await page.getByRole('combobox', { name: /^Languages Known/ }).fill(request.language.slice(0, 3));
  await page.getByRole('option', { name: request.language }).click();
  await page.getByRole('checkbox', { name: 'Free Service' }).check();
  await expect(page.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
}

/** From anywhere signed in: /companion-service → New Request → the form → submitted, back on the list. */
export async function postBookedRequest(page: Page, request: BookedRequest): Promise<void> {
  await page.goto('/companion-service');
  await page.getByRole('tab', { name: 'New Request' }).click();
  await fillBookedRequestForm(page, request);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByTestId('companion-form-message')).toBeVisible();
  await expect(page.getByTestId('companion-form-message')).not.toContainText('Error');
  await expect(page.getByText('Your Companion Activities')).toBeVisible({ timeout: 10_000 });
}
