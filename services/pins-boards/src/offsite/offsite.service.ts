import { isFollowed, type OffsiteCheck, type OffsiteStatus } from '@pinhive/contracts';
import type { Logger } from '@pinhive/kit';
import type { OffsiteBlocks } from './offsite-blocks.repository';
import { domainKeys, judgeLink } from './offsite.rules';
import type { OffsiteTokens } from './offsite.token';

/** Where `/offsite/` sends a browser: on to the link, or nowhere, with why. */
export type OffsiteRedirect = { kind: 'follow'; location: string } | { kind: 'refused'; status: OffsiteStatus } | { kind: 'forged' };

/**
 * Safe outbound links: `GET /v3/offsite/` judges a link (the heuristics, then the operators'
 * list by domain) and answers the signed `/offsite/` path for a link to follow; `/offsite/`
 * follows only a link signed here, judged again (the list may have changed since).
 */
export class OffsiteService {
  constructor(private readonly deps: { blocks: OffsiteBlocks; tokens: OffsiteTokens; logger: Logger }) {}

  async statusOf(url: string): Promise<OffsiteStatus> {
    const judged = judgeLink(url);
    if (!judged.host || judged.status !== 'ok') return judged.status;
    const listed = await this.deps.blocks.statusOf(domainKeys(judged.host));
    return listed?.status ?? 'ok';
  }

  async check(url: string, pinId: string | undefined): Promise<OffsiteCheck> {
    const status = await this.statusOf(url);
    return { redirect_status: status, url: isFollowed(status) ? this.deps.tokens.path(url, pinId) : url };
  }

  async redirect(query: { token?: unknown; url?: unknown; pin?: unknown }): Promise<OffsiteRedirect> {
    const { token, url, pin } = query;
    if (typeof token !== 'string' || typeof url !== 'string' || (pin !== undefined && typeof pin !== 'string')) return { kind: 'forged' };
    if (!this.deps.tokens.verify(token, url, pin)) {
      this.deps.logger.warn({ url }, 'an /offsite/ link not signed here: not followed');
      return { kind: 'forged' };
    }
    const status = await this.statusOf(url);
    return isFollowed(status) ? { kind: 'follow', location: url } : { kind: 'refused', status };
  }
}
