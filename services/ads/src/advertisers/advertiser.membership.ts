import { memberRowId, roleOf, type AdvertiserDoc } from './advertiser.model';
import type { AdvertiserRepository } from './advertiser.repository';
import type { MemberRepository } from './member.repository';

/** Rounds of write-then-check before giving up (the event's handler is then retried). */
const ROUNDS = 3;

/**
 * Keeps a person's row (member.repository.ts) in line with the advertiser's `memberIds`, the
 * truth. Idempotent: the request calls it after its advertiser write, and the service's own
 * handlers of `ads.advertiser.member-added.v1` / `-removed.v1` call it again, which repairs what a
 * process that died between the two writes left undone (the event is in the advertiser's write,
 * so it exists whenever the change does). It reads the advertiser as it is now, not as the event
 * says, so a late or repeated event changes nothing a newer change set.
 *
 * After writing the row it reads the advertiser again and writes once more if a change came in
 * between: whoever writes the row last has read the advertiser after that write, so the row
 * ends as the advertiser is.
 */
export class Memberships {
  constructor(private readonly deps: { advertisers: AdvertiserRepository; rows: MemberRepository; now?: () => Date }) {}

  async sync(advertiserId: string, userId: string): Promise<AdvertiserDoc | null> {
    let advertiser = await this.deps.advertisers.findById(advertiserId);
    for (let round = 0; round < ROUNDS; round += 1) {
      const member = isIn(advertiser, userId);
      if (advertiser && member) {
        await this.deps.rows.put({ _id: memberRowId(advertiserId, userId), advertiserId, userId, role: roleOf(advertiser, userId), addedAt: this.deps.now?.() ?? new Date() });
      } else {
        await this.deps.rows.remove(advertiserId, userId);
      }
      const again = await this.deps.advertisers.findById(advertiserId);
      if (isIn(again, userId) === member) return again;
      advertiser = again;
    }
    throw new Error(`advertiser ${advertiserId}: the membership of ${userId} kept changing while its row was written`);
  }
}

const isIn = (advertiser: AdvertiserDoc | null, userId: string): boolean => advertiser !== null && advertiser.memberIds.includes(userId);
