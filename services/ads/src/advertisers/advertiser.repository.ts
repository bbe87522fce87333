import { ADVERTISER_MEMBERS_MAX, type EventEnvelope } from '@pinhive/contracts';
import { docWithEvents, isDuplicateKey, updateWithEvents } from '@pinhive/kit';
import type { Connection } from 'mongoose';
import { ADVERTISERS_COLLECTION, type AdvertiserDoc } from './advertiser.model';

/** Fields an answer never needs: the outbox's. */
const NO_OUTBOX = { projection: { pendingEvents: 0, outboxPending: 0 } };

export class AdvertiserRepository {
  constructor(private readonly conn: Connection) {}

  private advertisers() {
    return this.conn.collection<AdvertiserDoc>(ADVERTISERS_COLLECTION);
  }

  /**
   * Stores a new advertiser with its events, in one write. Answers the advertiser a retry of the
   * same request made before (same `requestKey`) instead, if any.
   */
  async insert(advertiser: AdvertiserDoc, events: EventEnvelope[]): Promise<AdvertiserDoc | 'inserted'> {
    try {
      await this.advertisers().insertOne(docWithEvents(advertiser, events));
      return 'inserted';
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const earlier = await this.findByRequestKey(advertiser.requestKey);
      if (!earlier) throw err;
      return earlier;
    }
  }

  async findById(id: string): Promise<AdvertiserDoc | null> {
    return this.advertisers().findOne({ _id: id }, NO_OUTBOX);
  }

  async findByRequestKey(requestKey: string): Promise<AdvertiserDoc | null> {
    return this.advertisers().findOne({ requestKey }, NO_OUTBOX);
  }

  /**
   * Lets one more person act for the advertiser, with its event, in one write guarded by the
   * person not being in yet and the advertiser having room: a second add of the same person (a
   * retry, two owners' tabs) matches nothing and stores no second event. Null when nothing
   * changed; the caller reads the advertiser again to say why.
   */
  async addMember(id: string, userId: string, events: EventEnvelope[]): Promise<AdvertiserDoc | null> {
    return this.advertisers().findOneAndUpdate(
      { _id: id, memberIds: { $ne: userId }, memberCount: { $lt: ADVERTISER_MEMBERS_MAX } },
      updateWithEvents({ $push: { memberIds: userId }, $inc: { memberCount: 1 } }, events),
      { returnDocument: 'after' },
    );
  }

  /** The person no longer acts for it, with its event, in one write guarded by their being in. Null when they were not. */
  async removeMember(id: string, userId: string, events: EventEnvelope[]): Promise<AdvertiserDoc | null> {
    return this.advertisers().findOneAndUpdate(
      { _id: id, memberIds: userId },
      updateWithEvents({ $pull: { memberIds: userId }, $inc: { memberCount: -1 } }, events),
      { returnDocument: 'after' },
    );
  }
}
