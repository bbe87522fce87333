import { errorCatalogue } from '@pinhive/contracts';
import { appError, can, definePolicy, type Viewer } from '@pinhive/kit';

/** What the advertiser policy reads of an advertiser. */
export interface AdvertiserSubject {
  ownerId: string;
  /** Everyone who may act for it, the owner included. */
  memberIds: readonly string[];
}

const isOwner = (viewer: Viewer | undefined, a: AdvertiserSubject) => viewer !== undefined && viewer.userId === a.ownerId;
const isMember = (viewer: Viewer | undefined, a: AdvertiserSubject) => isOwner(viewer, a) || (viewer !== undefined && a.memberIds.includes(viewer.userId));

export type AdvertiserAction = 'read' | 'manage' | 'leave' | 'promote';

/**
 * Advertisers (saving-boards-ads.md section 6): the one place that says who may read or change
 * one. Its owner and the people who may act for it read it and its member list; to anyone else it
 * does not exist (404, as a missing one), for every action. Only the owner lets people act for it
 * or stops them (`manage`); anyone else in it may leave, but not the owner. Everyone who may act
 * for it promotes pins for it and keeps its business and billing details (`promote`): they act
 * on its behalf, as Pinterest's admin access does.
 */
export const advertiserPolicy = definePolicy<AdvertiserSubject, AdvertiserAction>({
  resource: 'advertiser',
  hideAs: 'not_found',
  notFoundMessage: errorCatalogue.advertiser_not_found.message,
  rules: {
    read: (viewer, a) => isMember(viewer, a),
    manage: (viewer, a) => isOwner(viewer, a),
    leave: (viewer, a) => isMember(viewer, a) && !isOwner(viewer, a),
    promote: (viewer, a) => isMember(viewer, a),
  },
});

/** Taking someone out is `leave` when it is the viewer themself, else `manage`. */
export const removalAction = (viewer: Viewer, userId: string): AdvertiserAction => (userId === viewer.userId ? 'leave' : 'manage');

/**
 * Throws unless the viewer may do `action` to the advertiser, with the advertiser errors of the
 * contracts: a missing advertiser, or one the viewer may not read, is `advertiser_not_found`
 * (so a stranger learns nothing of it); the owner leaving is `advertiser_owner_stays`; anything
 * else refused is `advertiser_owner_only`. After it returns, `advertiser` is known to be there.
 */
export function authorizeAdvertiser<S extends AdvertiserSubject>(viewer: Viewer, action: AdvertiserAction, advertiser: S | null | undefined): asserts advertiser is S {
  if (!advertiser || !can(viewer, 'read', advertiser, advertiserPolicy)) throw appError('advertiser_not_found');
  if (can(viewer, action, advertiser, advertiserPolicy)) return;
  throw appError(action === 'leave' ? 'advertiser_owner_stays' : 'advertiser_owner_only');
}
