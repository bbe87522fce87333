import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { EventEnvelope } from '@pinhive/contracts';
import { dayOf, DayPurge, docWithEvents, NOTHING_PENDING, type OutboxTarget } from '@pinhive/kit';
import { HELD_EVENTS_COLLECTION, HELD_EVENTS_PURGE_DAYS_COLLECTION, type HeldEventsDoc } from './held-events.model';

/**
 * Whole days a held document outlives the day it was written, at least 1: the purge then never
 * takes a day another instance (its clock a little behind) may still be writing.
 */
const HELD_DAYS = 1;

/**
 * Impressions and clicks held in the store while Kafka is away: one insert per batch, its events
 * the document's pending events (the kit's outbox, one single-document write), published by the
 * relay; a document whose events all went out is deleted by the purge of its day.
 */
export class HeldEventsRepository {
  private readonly expiry: DayPurge;

  constructor(private readonly conn: Connection, private readonly kick: (target: OutboxTarget) => void) {
    this.expiry = new DayPurge(conn, { collection: HELD_EVENTS_COLLECTION, days: HELD_EVENTS_PURGE_DAYS_COLLECTION, field: 'purgeDay' });
  }

  private col() {
    return this.conn.collection<HeldEventsDoc>(HELD_EVENTS_COLLECTION);
  }

  /**
   * Stores the events for the relay, then asks it to publish them at once (should Kafka have
   * been away only for a moment); its sweep takes them otherwise. Throws when the store does not
   * take them either.
   */
  async hold(events: EventEnvelope[], now: Date): Promise<void> {
    const id = randomUUID();
    await this.col().insertOne(docWithEvents({ _id: id, heldAt: now, purgeDay: await this.expiry.listedDayAfter(now, HELD_DAYS) }, events));
    this.kick({ collection: HELD_EVENTS_COLLECTION, id, created: events });
  }

  /**
   * Deletes the held documents whose purge day is over and whose events are all published: one
   * still waiting for Kafka stays (its day with it) until the relay has sent it. Returns how many went.
   */
  async purge(now: Date): Promise<number> {
    return this.expiry.purgeBefore(dayOf(now), NOTHING_PENDING);
  }
}
