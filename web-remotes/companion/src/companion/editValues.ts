/** A request as its owner sees it, back in the companion form's shape, for the card's Edit (addendum §1.4). */
import { parseLanguages, type CompanionFormValues, type CompanionRequestView } from '@safarsaathi/contracts';

export function formValuesOf(request: CompanionRequestView): CompanionFormValues {
  const free = request.companion_price === 0;
  return {
    serviceType: request.role,
    postedFor: request.posted_for,
    fromAirport: request.from_airport,
    toAirport: request.to_airport,
    airline: request.airlines ?? '',
    flightNumber: request.flight_number ?? '',
    travelDate: request.date ?? '',
    departureTime: request.departure_time ?? '',
    arrivalDate: request.arrival_date ?? '',
    arrivalTime: request.arrival_time ?? '',
    confirmedTicket: request.confirmed_ticket,
    tentativeFromDate: request.tentative_from_date ?? '',
    tentativeToDate: request.tentative_to_date ?? '',
    connectingFlights: request.layovers.flatMap((layover) =>
      Object.entries(layover).map(([airport, flight]) => ({
        layoverAirport: airport,
        airline: flight.airlines ?? '',
        flightNumber: flight.flight_number ?? '',
        date: flight.date ?? '',
      })),
    ),
    passengerName: request.passenger_name,
    passengerAge: String(request.passenger_age),
    passengerGender: request.passenger_gender,
    languagesKnown: parseLanguages(request.languages_known).known,
    serviceCharges: free ? '' : String(request.companion_price),
    freeService: free,
    description: request.description ?? '',
    emergencyContactName: request.emergency_contact?.name ?? '',
    emergencyContactPhone: request.emergency_contact?.phone ?? '',
    destinationAddress: request.destination_address ?? '',
    receiverName: request.receiver_name ?? '',
    assistance: {
      wheelchair: request.assistance?.wheelchair ?? 'none',
      notes: request.assistance?.notes ?? '',
    },
  };
}
