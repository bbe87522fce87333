import { isIP } from 'node:net';
import type { OffsiteStatus } from '@pinhive/contracts';

/** What the heuristics make of a link before the operators' list is read: a status, and why. */
export interface Judged {
  status: OffsiteStatus;
  reason: string;
  /** The link's host (lower case, no trailing dot), when it has one. */
  host?: string;
}

/** The most labels of a host looked up in the operators' list: `a.b.shop.example.com` reads 4 keys at most. */
export const BLOCK_LOOKUP_LABELS = 4;

/**
 * The heuristics (saving-boards-ads.md: blocked, suspicious and porn are not followed): what no
 * list needs to say. A link that is not http(s) (`javascript:`, `data:`, `file:`) or names no
 * public host is blocked; one that hides where it goes is suspicious: a user name before the
 * host (`https://bank.example@evil.example/`), a bare IP address, or look-alike letters
 * (punycode labels, `xn--`).
 */
export function judgeLink(raw: string): Judged {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { status: 'blocked', reason: 'not a link' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { status: 'blocked', reason: `${url.protocol.replace(/:$/, '')} link` };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return { status: 'suspicious', reason: 'an IP address for a host', host };
  if (!host.includes('.')) return { status: 'blocked', reason: 'not a public host', host };
  if (url.username || url.password) return { status: 'suspicious', reason: 'a user name before the host', host };
  if (host.split('.').some((label) => label.startsWith('xn--'))) return { status: 'suspicious', reason: 'look-alike letters in the host', host };
  return { status: 'ok', reason: '', host };
}

/**
 * The keys of a host in the operators' list, the host first: `shop.example.com` and
 * `example.com` (a domain blocked blocks its subdomains), never a top-level domain alone.
 */
export function domainKeys(host: string): string[] {
  const labels = host.split('.');
  const keys: string[] = [];
  for (let i = 0; i <= labels.length - 2 && keys.length < BLOCK_LOOKUP_LABELS; i++) keys.push(labels.slice(i).join('.'));
  return keys;
}

/** A domain as an operator types it (`https://Example.com/x`, `example.com.`): its host alone, or undefined. */
export function normaliseDomain(input: string): string | undefined {
  const text = input.trim().toLowerCase();
  let host: string;
  try {
    host = new URL(text.includes('://') ? text : `http://${text}`).hostname.replace(/\.$/, '');
  } catch {
    return undefined;
  }
  return host.includes('.') && !isIP(host) ? host : undefined;
}
