import type { OffsiteStatus } from '@pinhive/contracts';

/**
 * Whether a link leaves the product (saving-boards-ads.md: a check is made before following an
 * outbound link): http(s), and neither this origin nor the signed `/offsite/` path itself.
 */
export function isOutbound(href: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin;
}

/** Where to go after the check: the answer's (the signed path, made absolute) when followed; the link itself when the check failed. */
export function destination(answer: { redirect_status: OffsiteStatus; url: string } | 'check failed', href: string, origin: string): string | null {
  if (answer === 'check failed') return href;
  return answer.redirect_status === 'ok' ? new URL(answer.url, origin).toString() : null;
}
