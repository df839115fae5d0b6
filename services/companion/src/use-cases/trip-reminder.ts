/**
 * The 24-hour trip reminder (addendum §1.5). The companion service owns it because it owns the pair and the
 * departure time: a BullMQ delayed job per (trip, due time) with a deterministic id, which survives
 * restarts in Redis and runs on one instance only. The job decides nothing by itself: when it runs it reads
 * the pair again and, if the reminder is due, stages `trip_reminder_triggered` on the trip document in the same
 * guarded write that marks the trip reminded, so it is staged once per trip whatever runs twice. The
 * notifications service turns the event into each party's notice and e-mail (docs/decisions.md "Calendar
 * file and the 24-hour reminder").
 */
import type { Queue } from 'bullmq';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { jobCorrelationId, type EventData, type EventEnvelope, firstNameOf } from '@safarsaathi/contracts';
import { jobId, outboxEvent, revisedWrite, stageEvents, traced } from '@safarsaathi/platform';
import { findRequest, type CompanionRequestRecord } from '../persistence/requests';
import { tripLockKey, type TripRecord } from '../persistence/trips';
import type { CompanionContext } from './context';
import { airportTimeZone } from './origin-timezone';
import { matchedPair, type MatchedPair } from './trip';

export const tripReminderJobSchema = z.object({
  tripId: z.string().min(1),
  /** The due time this job was scheduled for (ISO). */
  dueAt: z.string().datetime(),
  correlationId: jobCorrelationId,
});
export type TripReminderJob = z.infer<typeof tripReminderJobSchema>;

/** What the reminder needs of the context: its queue and the lead before a known departure time. */
export interface TripReminders {
  queue: Queue<TripReminderJob>;
  leadMs: number;
}

type FlightFields = Pick<CompanionRequestRecord, 'date' | 'departure_time' | 'from_airport'>;

/** The trip's flight: the seeker's when booked, else the companion's (always booked). */
export const tripFlight = (pair: Pick<MatchedPair, 'need' | 'provide'>): CompanionRequestRecord =>
  pair.need.date ? pair.need : pair.provide;

/**
 * When a flight leaves: its date and departure time at the origin airport, or the start of its date there
 * when no time is known (the earliest it can leave). Null without a date. An airport the zone data does not
 * know is taken as UTC.
 */
export function departureAt(flight: FlightFields): Date | null {
  if (!flight.date) return null;
  const zone = airportTimeZone(flight.from_airport) ?? 'UTC';
  const departs = DateTime.fromISO(
    flight.departure_time ? `${flight.date}T${flight.departure_time}` : flight.date,
    {
      zone,
    },
  );
  return departs.isValid ? departs.toJSDate() : null;
}

/**
 * When the reminder of a flight is due, and until when it is still worth sending: `leadMs` before the
 * departure at the origin airport, or 08:00 there the day before when no time is known (then it is worth
 * sending until the travel day ends there). Null without a date. An airport the zone data does not know
 * is taken as UTC.
 */
export function reminderSchedule(
  flight: FlightFields,
  leadMs: number,
): { dueAt: Date; sendUntil: Date } | null {
  if (!flight.date) return null;
  const zone = airportTimeZone(flight.from_airport) ?? 'UTC';
  if (flight.departure_time) {
    const departs = departureAt(flight);
    if (!departs) return null;
    return { dueAt: new Date(departs.getTime() - leadMs), sendUntil: departs };
  }
  const day = DateTime.fromISO(flight.date, { zone });
  if (!day.isValid) return null;
  return {
    dueAt: day.minus({ days: 1 }).set({ hour: 8 }).toJSDate(),
    sendUntil: day.plus({ days: 1 }).toJSDate(),
  };
}

/** One job per (trip, kind, due time): scheduling the same due again is a no-op in BullMQ. */
export const reminderJobId = (tripId: string, dueAt: Date) =>
  jobId('trip-reminder', tripId, 'day-before', dueAt.getTime());

async function enqueue(reminders: TripReminders, tripId: string, dueAt: Date): Promise<void> {
  await reminders.queue.add('trip-reminder', traced({ tripId, dueAt: dueAt.toISOString() }), {
    jobId: reminderJobId(tripId, dueAt),
    // A due time already past (matched late, less than a day before the flight): now.
    delay: Math.max(0, dueAt.getTime() - Date.now()),
  });
}

type ReminderContext = Pick<CompanionContext, 'requests' | 'trips' | 'locks' | 'flushOutbox' | 'logger'> & {
  reminders: TripReminders;
};

/**
 * Schedules the reminder of the pair `caseid` is matched in (after a match, or after its flight or time
 * changed: the job of an older due time finds it no longer due and does nothing). Nothing without a
 * match, a date, or once the flight has left.
 */
export async function scheduleTripReminder(ctx: ReminderContext, caseid: string): Promise<Date | null> {
  const record = await findRequest(ctx.requests, caseid);
  const pair = record ? await matchedPair(ctx, record) : null;
  if (!pair) return null;
  const schedule = reminderSchedule(tripFlight(pair), ctx.reminders.leadMs);
  if (!schedule || schedule.sendUntil.getTime() <= Date.now()) return null;
  await enqueue(ctx.reminders, pair.tripId, schedule.dueAt);
  return schedule.dueAt;
}

/**
 * The job: stages the reminder when the pair still holds and it is due now, once per trip. A job whose due
 * time is no longer the pair's (the time changed) hands over to a job at the new time when that is later,
 * and sends now when the new time has already come.
 */
export async function runTripReminder(
  ctx: ReminderContext,
  job: TripReminderJob,
  now: Date = new Date(),
): Promise<'sent' | 'rescheduled' | 'skipped'> {
  const trip = await ctx.trips.findOne({ _id: job.tripId }).lean<TripRecord>();
  if (!trip || trip.reminder_sent_at) return 'skipped';
  const need = await findRequest(ctx.requests, trip.need_caseid);
  const pair = need ? await matchedPair(ctx, need) : null;
  // Cancelled, released, re-paired, hidden (a blocked owner) or deleted: nobody to remind.
  if (!pair || pair.tripId !== job.tripId) return 'skipped';
  const flight = tripFlight(pair);
  const schedule = reminderSchedule(flight, ctx.reminders.leadMs);
  if (!schedule || schedule.sendUntil <= now) return 'skipped';
  if (schedule.dueAt.getTime() !== Date.parse(job.dueAt) && schedule.dueAt > now) {
    await enqueue(ctx.reminders, job.tripId, schedule.dueAt);
    return 'rescheduled';
  }
  const firstName = (record: CompanionRequestRecord) => firstNameOf(record.passenger_name);
  let staged: EventEnvelope[] = [];
  const { changed } = await revisedWrite(
    ctx.trips,
    ctx.locks,
    tripLockKey(job.tripId),
    job.tripId,
    (current) => {
      staged = [];
      if (!current || current.reminder_sent_at) return null;
      const data: EventData<'trip_reminder_triggered'> = {
        tripId: job.tripId,
        dueAt: schedule.dueAt.toISOString(),
        flight: {
          from_airport: flight.from_airport,
          to_airport: flight.to_airport,
          date: flight.date!,
          airlines: flight.airlines ?? null,
          flight_number: flight.flight_number ?? null,
          departure_time: flight.departure_time ?? null,
          origin_timezone: airportTimeZone(flight.from_airport),
        },
        meeting: current.meeting ? { place: current.meeting.place, time: current.meeting.time } : null,
        parties: [
          {
            caseid: pair.need.caseid,
            userId: pair.need.ownerId,
            role: 'need',
            companionFirstName: firstName(pair.provide),
          },
          {
            caseid: pair.provide.caseid,
            userId: pair.provide.ownerId,
            role: 'provide',
            companionFirstName: firstName(pair.need),
          },
        ],
      };
      staged = [outboxEvent('companion', 'trip_reminder_triggered', job.tripId, data)];
      return stageEvents(staged, { $set: { reminder_sent_at: now } });
    },
  );
  if (!changed) return 'skipped';
  ctx.flushOutbox({ model: ctx.trips, id: job.tripId, events: staged });
  ctx.logger.info({ tripId: job.tripId, dueAt: job.dueAt }, 'trip reminder staged');
  return 'sent';
}
