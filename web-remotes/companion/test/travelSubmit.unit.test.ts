import { describe, expect, it } from '@jest/globals';
import { travelSubmitBlocked, type TravelSubmitValues } from '../src/travel/travelSubmit';

const TODAY = '2030-05-10';
const primary = { from: 'DEL', to: 'LHR', date: '2030-05-20', airline: '', flightNumber: '' };
const form = (flights: TravelSubmitValues['flights'], helpPreference = 'need_help'): TravelSubmitValues => ({
  helpPreference,
  flights,
});

describe('the travel form keeps Submit disabled (spec §5)', () => {
  it('is enabled once a help preference is chosen and every flight has both airports and a date from today', () => {
    expect(travelSubmitBlocked(form([primary]), TODAY)).toBe(false);
    expect(travelSubmitBlocked(form([primary, { from: 'LHR', to: 'JFK', date: TODAY }]), TODAY)).toBe(false);
  });

  it('while a connecting flight lacks its from airport, its to airport or its date', () => {
    const connecting = { from: 'LHR', to: 'JFK', date: '2030-05-21' };
    expect(travelSubmitBlocked(form([primary, { ...connecting, from: '' }]), TODAY)).toBe(true);
    expect(travelSubmitBlocked(form([primary, { ...connecting, to: '' }]), TODAY)).toBe(true);
    expect(travelSubmitBlocked(form([primary, { ...connecting, date: '' }]), TODAY)).toBe(true);
    expect(travelSubmitBlocked(form([primary, { from: '', to: '', date: '' }]), TODAY)).toBe(true);
    expect(travelSubmitBlocked(form([primary, connecting, {}]), TODAY)).toBe(true);
  });

  it('while any flight, the primary included, is dated before today', () => {
    expect(travelSubmitBlocked(form([primary, { from: 'LHR', to: 'JFK', date: '2030-05-09' }]), TODAY)).toBe(
      true,
    );
    expect(travelSubmitBlocked(form([{ ...primary, date: '2029-12-31' }]), TODAY)).toBe(true);
  });

  it('while no help preference is chosen, without flights, and while submitting', () => {
    expect(travelSubmitBlocked(form([primary], ''), TODAY)).toBe(true);
    expect(travelSubmitBlocked(form([]), TODAY)).toBe(true);
    expect(travelSubmitBlocked(form([primary]), TODAY, true)).toBe(true);
  });
});
