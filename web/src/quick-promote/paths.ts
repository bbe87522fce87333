/** The quick-promote route (saving-boards-ads.md section 2): the success dialog's `next`. */
export const QUICK_PROMOTE_PATH = '/advertiser/quick_promote';

export const quickPromotePath = (pinId?: string | null): string => (pinId ? `${QUICK_PROMOTE_PATH}?pinId=${encodeURIComponent(pinId)}` : QUICK_PROMOTE_PATH);

/** A pin id from the address: digits, else none (the flow then asks for one). */
export const pinIdParam = (value: string | null): string | null => (value && /^\d{1,24}$/.test(value) ? value : null);
