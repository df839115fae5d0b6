/** The family page's words and places for components (the rules themselves are in familyStatus.ts). */
import type { SharedTrip } from '@safarsaathi/contracts';
import { airportCity, useAirports, useCityTime } from '@safarsaathi/web-kit';
import { useMemo } from 'react';
import { useCompanionTexts } from '../i18n';
import type { FamilyWords, TripEnd, TripPlaces } from './familyStatus';

export function useFamilyWords(): FamilyWords {
  const texts = useCompanionTexts();
  return useMemo(
    () => ({
      page: texts.family.page,
      lookingFor: texts.share.lookingFor,
      lookingAgain: texts.share.lookingAgain,
    }),
    [texts],
  );
}

/** The trip's two ends: each time on its airport's clock named by its city (see TripPlaces). */
export function useTripPlaces(trip: SharedTrip): TripPlaces {
  const cityTime = useCityTime();
  const airports = useAirports();
  return useMemo(() => {
    const ends: Record<TripEnd, { airport: string; zone: string | null }> = {
      origin: { airport: trip.from, zone: trip.origin_timezone },
      destination: { airport: trip.to, zone: trip.destination_timezone },
    };
    return {
      time: (iso, at, withDate = false) => cityTime(iso, ends[at], { withDate }),
      city: (at) => airportCity(airports, ends[at].airport),
    };
  }, [trip, cityTime, airports]);
}
