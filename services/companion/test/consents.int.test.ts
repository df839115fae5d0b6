/**
 * The emergency contact follows its owner's choice at once (issue 40, consent `emergency_contact_sharing`):
 * the matched companion sees it around the flight while the seeker allows it, not from the moment she
 * withdraws, and again once she allows it again. The seeker's own request keeps it either way.
 */
import { randomUUID } from 'node:crypto';
import { todayIso, type CompanionSubmissionInput, type EventData } from '@safarsaathi/contracts';
import { freshMobileDigits, waitFor, type ApiClient } from '@safarsaathi/platform/src/testing';
import { randomRoute, startCompanionHarness, type CompanionHarness } from './harness';
import { tripModel } from '../src/persistence/trips';
import { applyMatch } from '../src/use-cases/matches';

let harness: CompanionHarness;
beforeAll(async () => {
  harness = await startCompanionHarness('companion-consents-test');
});
afterAll(async () => {
  await harness?.stop();
});

const choose = async (client: ApiClient, granted: boolean) =>
  expect((await client.put('/api/me/consents/emergency_contact_sharing', { granted })).status).toBe(200);

test('the matched companion sees the contact only while the seeker allows it', async () => {
  const asha = await harness.traveller('Asha Rao');
  const ravi = await harness.traveller('Ravi Nair');
  const phone = `+91${freshMobileDigits()}`;
  const input: CompanionSubmissionInput = {
    serviceType: 'need',
    airline: 'Air India',
    flightNumber: 'AI 101',
    travelDate: todayIso(),
    confirmedTicket: true,
    passengerName: 'Kamala Rao',
    passengerAge: 72,
    passengerGender: 'female',
    languagesKnown: 'Tamil, English',
    emergencyContactName: 'Meera Rao',
    emergencyContactPhone: phone,
    ...randomRoute(),
  };
  const need = await harness.create(asha.client, input);
  const provide = await harness.create(ravi.client, {
    ...input,
    serviceType: 'provide',
    passengerName: 'Ravi Nair',
    passengerAge: 34,
    passengerGender: 'male',
    emergencyContactName: undefined,
    emergencyContactPhone: undefined,
  });
  const match: EventData<'match_found'> = {
    matchId: randomUUID(),
    needCaseid: need,
    needUserId: asha.userId,
    provideCaseid: provide,
    provideUserId: ravi.userId,
    match_details: { overall_status: 'complete_match', main_flight: { status: 'same_flight' }, layovers: [] },
  };
  const deps = harness.stack.companion.deps;
  await applyMatch(
    {
      logger: deps.logger,
      requests: harness.requests,
      live: deps.live,
      locks: deps.locks,
      trips: tripModel(deps.mongo),
    },
    match,
  );
  const shown = async () => (await harness.viewOf(ravi.client, provide)).trip.emergency_contact;
  const appears = () => waitFor(async () => (await shown()) ?? undefined, 20_000);
  expect(await appears()).toEqual({ name: 'Meera Rao', phone });

  await choose(asha.client, false);
  await waitFor(async () => ((await shown()) === null ? true : undefined), 20_000);
  const view = await harness.viewOf(ravi.client, provide);
  expect(JSON.stringify(view)).not.toContain(phone.slice(3));
  // Her own request still holds it: it is hers.
  expect((await harness.viewOf(asha.client, need)).emergency_contact).toEqual({ name: 'Meera Rao', phone });

  await choose(asha.client, true);
  expect(await appears()).toEqual({ name: 'Meera Rao', phone });
});

test('a choice arriving out of order changes nothing: the highest version wins', async () => {
  const meera = await harness.traveller('Meera Iyer');
  await choose(meera.client, false);
  const consent = async () => (await harness.owners.findOne({ _id: meera.userId }).lean())?.consents;
  const applied = await waitFor(async () => (await consent())?.emergency_contact_sharing, 20_000);
  expect(applied).toEqual({ granted: false, version: 3 });
  // An older "granted" (version 1) delivered late.
  await harness.bus.publish('consent_changed', meera.userId, {
    userId: meera.userId,
    purpose: 'emergency_contact_sharing',
    granted: true,
    at: new Date(Date.now() - 60_000).toISOString(),
    version: 1,
  });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect((await consent())?.emergency_contact_sharing).toEqual({ granted: false, version: 3 });
});
