/** Where the signed-in person sees the advertisers they own or act for, and who may act for theirs. */
export const BUSINESS_ACCESS_PATH = '/business/access';
export { BUSINESS_CREATE_PATH } from '../auth/BusinessLinks';

/** The access page, opened on one advertiser (after its creation). */
export const businessAccessPath = (advertiserId?: string): string =>
  advertiserId ? `${BUSINESS_ACCESS_PATH}?advertiser=${encodeURIComponent(advertiserId)}` : BUSINESS_ACCESS_PATH;
