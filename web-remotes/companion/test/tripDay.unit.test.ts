import { describe, expect, it } from '@jest/globals';
import {
  companionFormSchema,
  type CompanionRequestView,
  type Milestone,
  type TripView,
} from '@safarsaathi/contracts';
import { formValuesOf } from '../src/companion/editValues';
import { stepStates, tripDateOf, tripWindow } from '../src/companion/tripDay';

const recorded = (...milestones: Milestone[]): TripView => ({
  meeting: null,
  milestones: milestones.map((milestone) => ({ milestone, at: '2030-05-20T08:00:00.000Z', by: 'me' })),
  emergency_contact: null,
});
const states = (role: 'need' | 'provide', trip: TripView) =>
  Object.fromEntries(stepStates({ role, trip }).map(({ milestone, state }) => [milestone, state]));

describe('the card’s trip steps (addendum §1.2)', () => {
  it('offers every step before any is recorded; the hand-over only to the companion side', () => {
    expect(states('provide', recorded())).toEqual({
      met: 'next',
      boarded: 'next',
      landed: 'next',
      handed_over: 'next',
    });
    expect(states('need', recorded())).toMatchObject({ met: 'next', handed_over: 'waiting' });
  });

  it('never offers a step passed over by a later one', () => {
    expect(states('provide', recorded('boarded'))).toEqual({
      met: 'skipped',
      boarded: 'done',
      landed: 'next',
      handed_over: 'next',
    });
    expect(states('need', recorded('met', 'landed'))).toEqual({
      met: 'done',
      boarded: 'skipped',
      landed: 'done',
      handed_over: 'waiting',
    });
  });

  it('are open from the day before the travel date to two days after it, and say when otherwise', () => {
    expect(tripWindow('2030-05-20', '2030-05-18')).toEqual({
      state: 'before',
      from: '2030-05-19',
      to: '2030-05-22',
    });
    expect(tripWindow('2030-05-20', '2030-05-19').state).toBe('open');
    expect(tripWindow('2030-05-20', '2030-05-22').state).toBe('open');
    expect(tripWindow('2030-05-20', '2030-05-23').state).toBe('after');
    expect(tripWindow(null, '2030-05-20').state).toBe('unknown');
  });
});

const view = (overrides: Partial<CompanionRequestView> = {}): CompanionRequestView => ({
  caseid: 'SC-TEST1',
  role: 'need',
  posted_for: 'family',
  service_type: 'companion',
  from_airport: 'DEL',
  to_airport: 'BOM',
  date: '2030-05-20',
  airlines: 'Air India',
  flight_number: 'AI101',
  departure_time: '10:30',
  origin_timezone: 'Asia/Kolkata',
  arrival_date: '2030-05-21',
  arrival_time: '06:15',
  destination_timezone: 'America/New_York',
  passenger_name: 'Kamala Rao',
  passenger_age: 79,
  passenger_gender: 'female',
  languages_known: 'Hindi, English',
  companion_price: 0,
  status: 'active',
  layovers: [{ DOH: { airlines: 'Qatar Airways', flight_number: 'QR1', date: '2030-05-21' } }],
  companion_match: true,
  looking_again: false,
  safety_note: false,
  companion_match_caseid: 'SC-TEST2',
  matched_companion: null,
  confirmed_ticket: true,
  tentative_from_date: null,
  tentative_to_date: null,
  match_details: null,
  description: 'Wheelchair at arrival',
  emergency_contact: { name: 'Ravi Rao', phone: '+919845012345' },
  destination_address: '42 Maple Avenue, Brampton, ON L6P 1A1',
  receiver_name: 'Meera Rao',
  assistance: { wheelchair: 'booked', notes: 'Walks slowly' },
  trip: recorded(),
  references: { given: null, received: null, can_write: false },
  created_at: '2030-05-01T00:00:00.000Z',
  ...overrides,
});

describe('Edit fills the form with the request (addendum §1.4)', () => {
  it('gives back a valid form whose submission is the request as stored', () => {
    const parsed = companionFormSchema('2030-05-01').safeParse(formValuesOf(view()));
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({
      serviceType: 'need',
      postedFor: 'family',
      fromAirport: 'DEL',
      travelDate: '2030-05-20',
      departureTime: '10:30',
      arrivalDate: '2030-05-21',
      arrivalTime: '06:15',
      flightNumber: 'AI101',
      languagesKnown: 'Hindi, English',
      freeService: true,
      description: 'Wheelchair at arrival',
      emergencyContactName: 'Ravi Rao',
      emergencyContactPhone: '+919845012345',
      destinationAddress: '42 Maple Avenue, Brampton, ON L6P 1A1',
      receiverName: 'Meera Rao',
      assistance: { wheelchair: 'booked', notes: 'Walks slowly' },
      connectingFlights: [
        { layoverAirport: 'DOH', airline: 'Qatar Airways', flightNumber: 'QR1', date: '2030-05-21' },
      ],
    });
  });

  it('gives back a request without arrival or papers as empty fields the form accepts', () => {
    const bare = view({
      arrival_date: null,
      arrival_time: null,
      destination_address: null,
      receiver_name: null,
      assistance: null,
    });
    expect(formValuesOf(bare)).toMatchObject({
      arrivalDate: '',
      arrivalTime: '',
      destinationAddress: '',
      receiverName: '',
      assistance: { wheelchair: 'none', notes: '' },
    });
    const parsed = companionFormSchema('2030-05-01').safeParse(formValuesOf(bare));
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({ arrivalDate: undefined, destinationAddress: undefined });
  });

  it('keeps a paid companion’s price, and a yet-to-book seeker’s dates', () => {
    expect(
      formValuesOf(view({ role: 'provide', companion_price: 150, emergency_contact: null })),
    ).toMatchObject({
      serviceCharges: '150',
      freeService: false,
      emergencyContactName: '',
    });
    const tentative = view({
      confirmed_ticket: false,
      date: null,
      airlines: null,
      flight_number: null,
      departure_time: null,
      arrival_date: null,
      arrival_time: null,
      tentative_from_date: '2030-06-01',
      tentative_to_date: '2030-06-10',
    });
    expect(companionFormSchema('2030-05-01').safeParse(formValuesOf(tentative)).success).toBe(true);
  });

  it('takes the trip date from the seeker’s booking, else the companion’s flight', () => {
    const companion = { travel_date: '2030-05-21' } as CompanionRequestView['matched_companion'];
    expect(tripDateOf(view({ matched_companion: companion }))).toBe('2030-05-20');
    expect(tripDateOf(view({ date: null, matched_companion: companion }))).toBe('2030-05-21');
    expect(tripDateOf(view({ role: 'provide', matched_companion: companion }))).toBe('2030-05-21');
  });
});
