/** The travel form's values as far as its Submit button cares (the form keeps '' for a choice not made). */
export interface TravelSubmitValues {
  helpPreference: string;
  flights: ReadonlyArray<{ from?: string; to?: string; date?: string }>;
}

/**
 * Spec §5 (Travel form): Submit is disabled while submitting, while no help preference is chosen, and while
 * any flight, the primary or a connecting one, lacks its from airport, its to airport or a date from `today`
 * on (dates are YYYY-MM-DD, so they compare as text; a day the browser could not read is '').
 */
export function travelSubmitBlocked(values: TravelSubmitValues, today: string, submitting = false): boolean {
  if (submitting || !values.helpPreference || values.flights.length === 0) return true;
  return values.flights.some((flight) => !flight.from || !flight.to || !flight.date || flight.date < today);
}
