import { RELATED_BOARD_PAGE_SIZE, SITE_IDS, type Board, type RelatedBoardOptions, type SiteId, type ViewerType } from '@pinhive/contracts';

/** Accounts created within this many days are recent (section 9: "Recent-resurrection window 28 days"). */
export const RECENT_ACCOUNT_DAYS = 28;

/** Where the success dialog's Promote button goes: the business conversion route. */
export const BUSINESS_CONVERSION_PATH = '/business/create/';

export const pinHref = (pinId: string): string => `/pin/${encodeURIComponent(pinId)}/`;
/** 'Send' (section 2). */
export const shareHref = (pinId: string): string => `/pin/${encodeURIComponent(pinId)}/?share=true`;

/** 'Promote your Pin': the business conversion route with next=/advertiser/quick_promote?pinId={id}. */
export function promoteHref(pinId: string): string {
  const next = `/advertiser/quick_promote?pinId=${encodeURIComponent(pinId)}`;
  return `${BUSINESS_CONVERSION_PATH}?${new URLSearchParams({ next }).toString()}`;
}

export function isRecentAccount(createdAt: string | undefined, now: number): boolean {
  if (!createdAt) return true;
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return true;
  return now - created < RECENT_ACCOUNT_DAYS * 24 * 60 * 60 * 1000;
}

/**
 * 'Promote your Pin' shows only for an authenticated, non-partner viewer whose account is not
 * recent, and where the pin's site type is not 3 (section 2): a pin saved in the advertiser
 * console (sterling, section 9) is promoted there, not from this dialog. An unknown account age
 * counts as recent (no button rather than a wrong one). The spec's "not excluded by another
 * check" names no check, so there is none here.
 */
export function showsPromote(viewer: { type: ViewerType; createdAt: string | undefined } | null, siteId: SiteId, now: number): boolean {
  if (!viewer || siteId === SITE_IDS.sterling) return false;
  if (viewer.type === 'UNAUTH' || viewer.type === 'LIMITED_LOGIN' || viewer.type === 'PARTNER') return false;
  return !isRecentAccount(viewer.createdAt, now);
}

/** RelatedBoardForPinRandomFeedResource's options for the pin just saved (section 7: pin, page_size 1). */
export function relatedBoardOptions(pinId: string): RelatedBoardOptions {
  return { pin: pinId, page_size: RELATED_BOARD_PAGE_SIZE };
}

/** The related-board lookup (section 4): loading, then empty or has a board. */
export type RelatedBoard = { state: 'loading' } | { state: 'empty' } | { state: 'board'; board: Board };

/**
 * The lookup's state from its query. Its errors are ignored (section 7): a failed lookup is an
 * empty one, and the dialog stays as it was without a suggestion.
 */
export function relatedBoardOf(query: { status: 'pending' | 'error' | 'success'; data?: readonly Board[] | undefined }): RelatedBoard {
  if (query.status === 'pending') return { state: 'loading' };
  const board = query.status === 'success' ? query.data?.[0] : undefined;
  return board ? { state: 'board', board } : { state: 'empty' };
}

/** The pin's preview shows while the lookup runs and when it found nothing; a suggested board replaces it (section 2). */
export const showsPinPreview = (related: RelatedBoard): boolean => related.state !== 'board';
