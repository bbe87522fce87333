import type { PinSend, PinSendOptions, ReceivedPin } from '@pinhive/contracts';
import { appError, can, mapLimit, type Viewer } from '@pinhive/kit';
import type { UserFollowRepository } from '../follows/user-follow.repository';
import type { PinService } from '../pins/pin.service';
import { profilePolicy } from '../profiles/profile.policy';
import type { ProfileRepository } from '../profiles/profile.repository';
import { firstPage, pageByBuckets, type BucketPageKey } from '../shared/bucket-pages';
import { newId } from '../shared/ids';
import { listBucketKey, type ListNumbers } from '../shared/list-numbers';
import type { People } from '../shared/people';
import { receivedList, SEND_BUCKET_SIZE, type PinSendDoc } from './send.model';
import { presentReceived, presentSend } from './send.presenter';
import type { SendRepository } from './send.repository';
import { sendRefusal } from './send.rules';

export interface SendServiceDeps {
  sends: SendRepository;
  lists: ListNumbers;
  pins: Pick<PinService, 'subjectFor' | 'isReadable' | 'getUnlessHidden'>;
  profiles: Pick<ProfileRepository, 'findById'>;
  userFollows: Pick<UserFollowRepository, 'isFollowing'>;
  people: People;
}

/** Pins checked at once for a list's bucket (cached pins and boards; a miss is a store read). */
const CHECKS_AT_ONCE = 8;

/** A page of "Sent to you". */
export interface ReceivedPage {
  items: ReceivedPin[];
  next: BucketPageKey | undefined;
}

/**
 * Sending pins to people (issue 23; docs/decisions/sending-pins.md): a signed-in viewer sends a
 * pin they see to someone they follow who may see it too; the recipient reads what was sent to
 * them, newest first, a bucket of their list at a time.
 */
export class SendService {
  constructor(private readonly deps: SendServiceDeps) {}

  /**
   * PinSendResource create. Refusals (send.rules.ts) change nothing: the send is one insert,
   * made last. A retry with the same Idempotency-Key answers the send the first attempt stored;
   * that key reused for another pin or person is a 409.
   */
  async send(viewer: Viewer, options: PinSendOptions, idempotencyKey?: string): Promise<PinSend> {
    const recipientId = options.recipient_id;
    const pin = await this.deps.pins.subjectFor(viewer, options.pin_id);
    const self = recipientId === viewer.userId;
    if (!self) {
      const profile = await this.deps.profiles.findById(recipientId);
      if (!profile || !can(viewer, 'read', profile, profilePolicy)) throw appError('not_found', { message: profilePolicy.notFoundMessage, field: 'recipient_id' });
    }
    const followsRecipient = !self && (await this.deps.userFollows.isFollowing(viewer.userId, recipientId));
    const refusal = sendRefusal({ senderId: viewer.userId, recipientId, followsRecipient, pin });
    if (refusal) throw appError(refusal.code, { message: refusal.message, field: refusal.field });

    const now = new Date();
    const id = newId(now.getTime());
    const n = await this.deps.lists.next(receivedList(recipientId));
    const send: PinSendDoc = {
      _id: id, senderId: viewer.userId, recipientId, pinId: options.pin_id,
      n, receivedBucket: listBucketKey(recipientId, n, SEND_BUCKET_SIZE),
      requestKey: `${viewer.userId}:${idempotencyKey ?? id}`, sentAt: now,
    };
    const stored = await this.deps.sends.insert(send);
    const kept = stored === 'inserted' ? send : stored;
    if (kept.pinId !== send.pinId || kept.recipientId !== send.recipientId) {
      throw appError('conflict', { message: 'That Idempotency-Key was used for another send.', field: 'Idempotency-Key' });
    }
    return presentSend(kept, await this.deps.people.get(recipientId));
  }

  /**
   * ReceivedPinsResource: the viewer's "Sent to you", newest first. Sends of pins the viewer can
   * no longer see (deleted, or their board made secret) are left out as the buckets are read, so
   * they cost no page its length; so are those of senders whose account is deactivated (as in
   * follower lists).
   */
  async received(viewer: Viewer, start: BucketPageKey | undefined, limit: number): Promise<ReceivedPage> {
    const from = start ?? firstPage(await this.deps.lists.head(receivedList(viewer.userId)), SEND_BUCKET_SIZE);
    const read = async (bucket: number) => {
      const sends = await this.deps.sends.receivedInBucket(viewer.userId, bucket);
      const shown = await mapLimit(sends, CHECKS_AT_ONCE, (s) => this.deps.pins.isReadable(viewer, s.pinId));
      return sends.filter((_, i) => shown[i]);
    };
    const { items, next } = await pageByBuckets(read, (s) => s.n, SEND_BUCKET_SIZE, from, limit);
    const presented = await mapLimit(items, CHECKS_AT_ONCE, async (s) => {
      // Checked above; a pin deleted in between is left out all the same.
      const [pin, sender] = await Promise.all([this.deps.pins.getUnlessHidden(viewer, s.pinId), this.deps.people.get(s.senderId)]);
      return pin && sender.username !== '' ? presentReceived(s, pin, sender) : null;
    });
    return { items: presented.filter((r): r is ReceivedPin => r !== null), next };
  }
}
