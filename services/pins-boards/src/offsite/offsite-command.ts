import { OFFSITE_BLOCK_STATUSES, type OffsiteBlockStatus } from '@pinhive/contracts';
import { OFFSITE_BLOCKS_TTL_MS, OFFSITE_LIST_MAX, type OffsiteBlocks } from './offsite-blocks.repository';
import { normaliseDomain } from './offsite.rules';

export const OFFSITE_USAGE = `usage: npm run admin -- offsite <command>
  offsite list                                  the domains not followed, with their status and note
  offsite block <domain> <${OFFSITE_BLOCK_STATUSES.join('|')}> [note...]   links to the domain and its subdomains are not followed
  offsite unblock <domain>                      followed again`;

const isBlockStatus = (s: string | undefined): s is OffsiteBlockStatus => (OFFSITE_BLOCK_STATUSES as readonly string[]).includes(s ?? '');

/** The operators' list of outbound domains (offsite-blocks.repository.ts): lines to print, or an error naming what is wrong. */
export async function offsiteCommand(blocks: OffsiteBlocks, argv: string[]): Promise<string[]> {
  const [command, rawDomain, status, ...note] = argv;
  const within = `every instance follows the change within ${OFFSITE_BLOCKS_TTL_MS / 1000} s`;
  if (command === 'list' && argv.length === 1) {
    const entries = await blocks.list();
    if (entries.length === 0) return ['no domain is blocked'];
    const lines = entries.map((e) => `${e._id}  ${e.status}${e.note ? `  ${e.note}` : ''}  (${e.at.toISOString()})`);
    return entries.length === OFFSITE_LIST_MAX ? [...lines, `(the first ${OFFSITE_LIST_MAX} only)`] : lines;
  }
  const domain = rawDomain === undefined ? undefined : normaliseDomain(rawDomain);
  if ((command === 'block' || command === 'unblock') && rawDomain !== undefined && !domain) throw new Error(`"${rawDomain}" is not a domain (like example.com)\n${OFFSITE_USAGE}`);
  if (command === 'block' && domain) {
    if (!isBlockStatus(status)) throw new Error(`the status must be one of ${OFFSITE_BLOCK_STATUSES.join(', ')}\n${OFFSITE_USAGE}`);
    await blocks.set(domain, status, note.join(' ').trim());
    return [`${domain} is ${status}: its links are not followed (${within})`];
  }
  if (command === 'unblock' && domain && argv.length === 2) {
    return [(await blocks.remove(domain)) ? `${domain} is followed again (${within})` : `${domain} was not blocked`];
  }
  throw new Error(OFFSITE_USAGE);
}
