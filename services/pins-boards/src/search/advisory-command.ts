import { ADVISORY_SEVERITIES, ADVISORY_TYPES } from '@pinhive/contracts';
import type { Advisories, Advisory } from './advisories';

export const ADVISORY_USAGE = `  search advisories list
  search advisories set <term> --severity 0|1|2 --type 0|4 --level N --style N --title T --description D
        [--action "button text|link|title|description"]... [--footer F] [--country CC] [--details D]
                             severity 0 abusive, 1 sensitive, 2 brand unsafe; type 0 conditional, 4 emotional
                             distress or suicide; style 2 is the special banner; levels 4 and 14 show the actions
  search advisories remove <term>`;

/** `--name value` pairs (`--action` may repeat) after the term. */
function flagsOf(args: string[]): Map<string, string[]> {
  const flags = new Map<string, string[]>();
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i];
    const value = args[i + 1];
    if (!name?.startsWith('--') || value === undefined) throw new Error(`expected --name value, got "${args.slice(i).join(' ')}"\n${ADVISORY_USAGE}`);
    flags.set(name.slice(2), [...(flags.get(name.slice(2)) ?? []), value]);
  }
  return flags;
}

function oneOf<T extends number>(flags: Map<string, string[]>, name: string, allowed: readonly T[]): T {
  const value = Number(flags.get(name)?.[0]);
  if (!allowed.includes(value as T)) throw new Error(`--${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

function whole(flags: Map<string, string[]>, name: string): number {
  const raw = flags.get(name)?.[0];
  if (raw === undefined || !/^\d{1,3}$/.test(raw)) throw new Error(`--${name} must be a whole number`);
  return Number(raw);
}

/** `npm run admin -- search advisories ...`: answers the lines to print. */
export async function advisoryCommand(advisories: Advisories, args: string[]): Promise<string[]> {
  const [command, term, ...rest] = args;
  if (command === 'list') {
    const all = await advisories.list();
    if (all.length === 0) return ['no advisories'];
    return all.map((a) => `${a.term}: severity ${a.severity}, type ${a.advisoryType}, level ${a.notice.level}, style ${a.notice.style}, "${a.notice.title}"`);
  }
  if (!term) throw new Error(ADVISORY_USAGE);
  if (command === 'remove') return [(await advisories.remove(term)) ? `removed "${term}"` : `no advisory "${term}"`];
  if (command !== 'set') throw new Error(ADVISORY_USAGE);
  const flags = flagsOf(rest);
  const known = new Set(['severity', 'type', 'level', 'style', 'title', 'description', 'action', 'footer', 'country', 'details']);
  const unknown = [...flags.keys()].filter((k) => !known.has(k));
  if (unknown.length > 0) throw new Error(`unknown option --${unknown.join(', --')}\n${ADVISORY_USAGE}`);
  const actions = (flags.get('action') ?? []).map((a) => {
    const [text = '', link = '', title = '', description = ''] = a.split('|');
    return { title, description, button: { text, link } };
  });
  const advisory: Advisory = {
    term,
    severity: oneOf(flags, 'severity', ADVISORY_SEVERITIES),
    advisoryType: oneOf(flags, 'type', ADVISORY_TYPES),
    resourceCountry: flags.get('country')?.[0] ?? null,
    advisoryDetails: flags.get('details')?.[0] ?? null,
    notice: {
      level: whole(flags, 'level'),
      style: whole(flags, 'style'),
      title: flags.get('title')?.[0] ?? '',
      description: { text: flags.get('description')?.[0] ?? '', text_tags: [] },
      actions,
      footer: flags.get('footer')?.[0] ?? null,
    },
  };
  const stored = await advisories.set(advisory);
  return [`"${stored.term}": severity ${stored.severity}, type ${stored.advisoryType}, level ${stored.notice.level}, style ${stored.notice.style}`];
}
