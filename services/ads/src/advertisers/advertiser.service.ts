import { type Advertiser, type AdvertiserList, type AdvertiserMember, type AdvertiserMemberList } from '@pinhive/contracts';
import { appError, newEvent, newId, type OutboxTarget, type Viewer } from '@pinhive/kit';
import type { PersonRepository } from '../people/person.repository';
import { ADVERTISERS_COLLECTION, memberRowId, type AdvertiserDoc } from './advertiser.model';
import type { Memberships } from './advertiser.membership';
import { authorizeAdvertiser, removalAction } from './advertiser.policy';
import { presentAdvertiser, presentMember } from './advertiser.presenter';
import type { AdvertiserRepository } from './advertiser.repository';
import { mayMakeAnother, ownerFirst, planAdd } from './advertiser.rules';
import type { MemberRepository } from './member.repository';

export interface AdvertiserServiceDeps {
  advertisers: AdvertiserRepository;
  rows: MemberRepository;
  people: PersonRepository;
  memberships: Memberships;
  kick: (target: OutboxTarget) => void;
  now?: () => Date;
}

/** A guarded add that matched nothing is planned again from a fresh read, at most this often. */
const ADD_ATTEMPTS = 3;

/**
 * Advertisers and the people who may act for them (saving-boards-ads.md section 6). Every
 * membership change is one write of the advertiser with its event (advertiser.repository.ts);
 * the person's row follows in the request and again from the event (advertiser.membership.ts).
 */
export class AdvertiserService {
  private readonly now: () => Date;

  constructor(private readonly deps: AdvertiserServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** A new advertiser owned by the viewer; a retry with the same Idempotency-Key answers the first one. */
  async create(viewer: Viewer, name: string, idempotencyKey?: string): Promise<Advertiser> {
    if (idempotencyKey) {
      // Before the cap: the retry of a creation that reached it is answered, not refused.
      const earlier = await this.deps.advertisers.findByRequestKey(`${viewer.userId}:${idempotencyKey}`);
      if (earlier) return presentAdvertiser(earlier, viewer.userId);
    }
    // A count of a bounded read: two creations at the same moment may both pass.
    if (!mayMakeAnother((await this.deps.rows.ofPerson(viewer.userId)).length)) throw appError('advertiser_too_many');
    const now = this.now();
    const id = newId(now.getTime());
    const advertiser: AdvertiserDoc = { _id: id, name, ownerId: viewer.userId, memberIds: [viewer.userId], memberCount: 1, createdAt: now, requestKey: `${viewer.userId}:${idempotencyKey ?? id}` };
    const event = newEvent('ads', 'ads.advertiser.member-added.v1', id, { advertiserId: id, userId: viewer.userId, ownerId: viewer.userId, role: 'owner' }, now);
    const stored = await this.deps.advertisers.insert(advertiser, [event]);
    // A retry of a creation that was stored (its answer was lost): the same advertiser, nothing new.
    if (stored !== 'inserted') return presentAdvertiser(stored, viewer.userId);
    this.deps.kick({ collection: ADVERTISERS_COLLECTION, id, created: [event] });
    // The owner never leaves: their row needs no check against a later change.
    await this.deps.rows.put({ _id: memberRowId(id, viewer.userId), advertiserId: id, userId: viewer.userId, role: 'owner', addedAt: now });
    return presentAdvertiser(advertiser, viewer.userId);
  }

  /** Every advertiser the viewer owns or may act for, in the order they came to it. */
  async listOf(viewer: Viewer): Promise<AdvertiserList> {
    const rows = (await this.deps.rows.ofPerson(viewer.userId)).sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a._id.localeCompare(b._id));
    const advertisers = await Promise.all(rows.map((r) => this.deps.advertisers.findById(r.advertiserId)));
    // A row the advertiser no longer backs (its removal's handler has not run yet) is left out.
    const theirs = advertisers.filter((a): a is AdvertiserDoc => a !== null && a.memberIds.includes(viewer.userId));
    return { items: theirs.map((a) => presentAdvertiser(a, viewer.userId)) };
  }

  async get(viewer: Viewer, id: string): Promise<Advertiser> {
    const advertiser = await this.deps.advertisers.findById(id);
    authorizeAdvertiser(viewer, 'read', advertiser);
    return presentAdvertiser(advertiser, viewer.userId);
  }

  /** The people who may act for it, the owner first (at most ADVERTISER_MEMBERS_MAX). */
  async members(viewer: Viewer, id: string): Promise<AdvertiserMemberList> {
    const advertiser = await this.deps.advertisers.findById(id);
    authorizeAdvertiser(viewer, 'read', advertiser);
    const ids = ownerFirst(advertiser);
    const people = await Promise.all(ids.map((userId) => this.deps.people.findById(userId)));
    return { items: ids.map((userId, i) => presentMember(advertiser, userId, people[i] ?? null)) };
  }

  /**
   * The owner lets a person act for the advertiser, by username. Someone already in (the owner
   * too) is answered as they are (`created` false), and nothing is written.
   */
  async addMember(viewer: Viewer, id: string, username: string): Promise<{ member: AdvertiserMember; created: boolean }> {
    let advertiser = await this.deps.advertisers.findById(id);
    authorizeAdvertiser(viewer, 'manage', advertiser);
    const person = await this.deps.people.findByUsername(username);
    if (!person) throw appError('advertiser_person_not_found');
    for (let attempt = 1; ; attempt += 1) {
      const inAlready = planAdd(advertiser, person._id, 0).kind === 'already';
      // Their count is read only when it matters (a bounded read: two adds at once may both pass).
      const plan = inAlready ? { kind: 'already' as const } : planAdd(advertiser, person._id, (await this.deps.rows.ofPerson(person._id)).length);
      switch (plan.kind) {
        case 'already':
          return { member: presentMember(advertiser, person._id, person), created: false };
        case 'refused':
          throw appError(plan.code);
        case 'add':
          break;
      }
      const now = this.now();
      const event = newEvent('ads', 'ads.advertiser.member-added.v1', id, { advertiserId: id, userId: person._id, ownerId: advertiser.ownerId, role: 'member' }, now);
      const added = await this.deps.advertisers.addMember(id, person._id, [event]);
      if (added) {
        this.deps.kick({ collection: ADVERTISERS_COLLECTION, id });
        await this.deps.memberships.sync(id, person._id);
        return { member: presentMember(added, person._id, person), created: true };
      }
      // Added meanwhile, or full meanwhile: the next plan says which.
      if (attempt >= ADD_ATTEMPTS) throw new Error(`advertiser ${id}: adding ${person._id} kept racing other changes`);
      advertiser = await this.deps.advertisers.findById(id);
      if (!advertiser) throw appError('advertiser_not_found');
    }
  }

  /**
   * The owner stops a person acting for the advertiser, or a person leaves (`userId` is the
   * viewer's). Taking out someone who is not in changes nothing. The owner cannot leave.
   */
  async removeMember(viewer: Viewer, id: string, userId: string): Promise<{ advertiser_id: string; user_id: string }> {
    const advertiser = await this.deps.advertisers.findById(id);
    authorizeAdvertiser(viewer, removalAction(viewer, userId), advertiser);
    if (advertiser.memberIds.includes(userId)) {
      const event = newEvent('ads', 'ads.advertiser.member-removed.v1', id, { advertiserId: id, userId, ownerId: advertiser.ownerId, role: 'member' }, this.now());
      // Null when they were out already (two removals at once): the other stored the event.
      if (await this.deps.advertisers.removeMember(id, userId, [event])) this.deps.kick({ collection: ADVERTISERS_COLLECTION, id });
    }
    await this.deps.memberships.sync(id, userId);
    return { advertiser_id: id, user_id: userId };
  }
}
