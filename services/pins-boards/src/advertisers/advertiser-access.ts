import type { AdvertiserRole } from '@pinhive/contracts';
import { appError, type ReadCache, type Viewer } from '@pinhive/kit';
import type { AdvertiserAccessRepository } from './advertiser-access.repository';
import { advertiserAccessId } from './advertiser-access.model';

/** What is kept of one person and one advertiser: their role, or null (no access). */
export interface KeptRole {
  role: AdvertiserRole | null;
}

/**
 * Whether a viewer may act for an advertiser, and as what (saving-boards-ads.md section 6): the
 * `advertiser_access` read model, one read by `_id`, kept in memory (the kit's read cache) until
 * an event changes it: the repository stamps `<advertiserId>:<userId>` after each write, so a
 * removal takes effect on every instance at its next check.
 */
export class AdvertiserAccess {
  constructor(
    private readonly repo: AdvertiserAccessRepository,
    private readonly kept: ReadCache<KeptRole>,
  ) {}

  /** The person's role for the advertiser, or null when they may not act for it. */
  async roleOf(userId: string, advertiserId: string): Promise<AdvertiserRole | null> {
    const { role } = await this.kept.read(advertiserAccessId(advertiserId, userId), 'role', async () => ({ role: (await this.repo.find(advertiserId, userId))?.role ?? null }));
    return role;
  }

  /**
   * The viewer's role for the advertiser a call is sent for (`advertiser_id`), or null for a call
   * sent for none; 403 `advertiser_not_member` when they may not act for it.
   */
  async actingFor(viewer: Viewer, advertiserId: string | undefined): Promise<AdvertiserRole | null> {
    if (advertiserId === undefined) return null;
    const role = await this.roleOf(viewer.userId, advertiserId);
    if (role === null) throw appError('advertiser_not_member', { field: 'advertiser_id' });
    return role;
  }

  /**
   * A board as the board policy reads it for this viewer: with their role for the advertiser it
   * was made for (board.policy.ts `advertiserRole`); nothing is read for a board made for none.
   */
  async withRole<B extends { advertiserId?: string | null }>(viewer: Viewer, board: B | null): Promise<(B & { advertiserRole: AdvertiserRole | null }) | null> {
    if (!board) return null;
    const advertiserRole = board.advertiserId ? await this.roleOf(viewer.userId, board.advertiserId) : null;
    return { ...board, advertiserRole };
  }
}
