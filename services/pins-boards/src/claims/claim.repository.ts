import type { Connection } from 'mongoose';
import { isDuplicateKey } from '@pinhive/kit';
import { SITE_CLAIMS_PER_PERSON_MAX } from '@pinhive/contracts';
import { claimId, SITE_CLAIMS_COLLECTION, SITE_OWNERS_COLLECTION, type SiteClaimDoc, type SiteOwnerDoc } from './claim.model';

/**
 * Claims and owners of websites. Every read is an equality on an indexed top-level field: a claim
 * or an owner by `_id`, a person's claims by `userId` (bounded by SITE_CLAIMS_PER_PERSON_MAX).
 */
export class ClaimRepository {
  constructor(private readonly conn: Connection) {}

  private claims() {
    return this.conn.collection<SiteClaimDoc>(SITE_CLAIMS_COLLECTION);
  }

  private owners() {
    return this.conn.collection<SiteOwnerDoc>(SITE_OWNERS_COLLECTION);
  }

  find(userId: string, domain: string): Promise<SiteClaimDoc | null> {
    return this.claims().findOne({ _id: claimId(userId, domain) });
  }

  /** A person's claims, oldest first (sorted here: the store sorts nothing). */
  async ofPerson(userId: string): Promise<SiteClaimDoc[]> {
    const claims = await this.claims().find({ userId }).limit(SITE_CLAIMS_PER_PERSON_MAX + 1).toArray();
    return claims.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.domain.localeCompare(b.domain));
  }

  /** Stores a new claim; answers the one there when the person claimed the site before (a retry, another tab). */
  async insert(claim: SiteClaimDoc): Promise<SiteClaimDoc> {
    try {
      await this.claims().insertOne(claim);
      return claim;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const earlier = await this.find(claim.userId, claim.domain);
      if (!earlier) throw err;
      return earlier;
    }
  }

  async markChecked(userId: string, domain: string, at: Date): Promise<void> {
    await this.claims().updateOne({ _id: claimId(userId, domain) }, { $set: { checkedAt: at } });
  }

  async markVerified(userId: string, domain: string, at: Date): Promise<SiteClaimDoc | null> {
    return this.claims().findOneAndUpdate({ _id: claimId(userId, domain) }, { $set: { status: 'verified', verifiedAt: at, checkedAt: at } }, { returnDocument: 'after' });
  }

  async remove(userId: string, domain: string): Promise<boolean> {
    return (await this.claims().deleteOne({ _id: claimId(userId, domain) })).deletedCount === 1;
  }

  ownerOf(domain: string): Promise<SiteOwnerDoc | null> {
    return this.owners().findOne({ _id: domain });
  }

  /**
   * Makes `ownerId` the domain's owner unless someone else is: answers the owner now (themselves,
   * or the other person, whose document the unique `_id` kept).
   */
  async takeOwnership(domain: string, ownerId: string, at: Date, tries = 3): Promise<SiteOwnerDoc> {
    const mine: SiteOwnerDoc = { _id: domain, ownerId, verifiedAt: at };
    try {
      await this.owners().insertOne(mine);
      return mine;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const held = await this.ownerOf(domain);
      if (held) return held;
      // Released in between: try again, a few times at most.
      if (tries <= 1) throw err;
      return this.takeOwnership(domain, ownerId, at, tries - 1);
    }
  }

  /** Removes the domain's owner if it is `ownerId` (a claim removed), never another person's ownership. */
  async releaseOwnership(domain: string, ownerId: string): Promise<void> {
    await this.owners().deleteOne({ _id: domain, ownerId });
  }
}
