import type { OutboxFields } from '@pinhive/kit';

/**
 * A batch of accepted impressions and clicks that Kafka did not take (ServingService.accept),
 * held as one document's pending events: the kit's outbox relay publishes them once Kafka is back
 * (ads lists the collection in its `outboxCollections`). Written only while Kafka is away, never
 * in normal running. `_id` is a UUID.
 */
export interface HeldEventsDoc extends OutboxFields {
  _id: string;
  heldAt: Date;
  /**
   * The UTC day (`YYYY-MM-DD`) after which the purge deletes the document, once its events are
   * published (kit `DayPurge`, by equality on this indexed field).
   */
  purgeDay: string;
}

export const HELD_EVENTS_COLLECTION = 'held_ad_events';
/** The days in use as `purgeDay` of held events: the purge's list. */
export const HELD_EVENTS_PURGE_DAYS_COLLECTION = 'held_ad_event_purge_days';
