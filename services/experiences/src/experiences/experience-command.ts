import { readFileSync } from 'node:fs';
import { ZodError } from 'zod';
import { DEFINITIONS_TTL_MS, type ExperienceDefinitions } from './experience.definitions';
import type { ExperienceDoc } from './experience.model';

export const EXPERIENCES_USAGE = `usage: npm run admin -- experiences <command>
  experiences list                               every experience: placement:experience, on or off, title
  experiences show <placement:experience>        one experience in full (JSON, as set takes it)
  experiences set <JSON> | --file <path>         create or replace one experience (fields: docs/decisions/experiences.md)
  experiences disable <placement:experience>     no longer shown to anyone (statuses are kept)
  experiences enable <placement:experience>      shown again`;

/** The JSON `set` takes, `show` prints: the definition without the store's fields. */
const asDefinition = ({ _id: _, updatedAt: __, ...def }: ExperienceDoc) => def;

const describe = (err: unknown): string =>
  err instanceof ZodError ? err.issues.map((i) => `${i.path.join('.') || 'experience'}: ${i.message}`).join('\n') : (err as Error).message;

/** The operators' experiences (experience.definitions.ts): lines to print, or an error naming what is wrong. */
export async function experiencesCommand(definitions: ExperienceDefinitions, argv: string[]): Promise<string[]> {
  const [command, arg, more] = argv;
  const within = `every instance shows the change within ${DEFINITIONS_TTL_MS / 1000} s`;
  if (command === 'list' && argv.length === 1) {
    const docs = (await definitions.list()).sort((a, b) => a._id.localeCompare(b._id));
    if (docs.length === 0) return ['no experience is defined'];
    return docs.map((d) => `${d._id}  ${d.enabled ? 'on ' : 'off'}  priority ${d.priority}  "${d.display_data.title}"`);
  }
  if (command === 'show' && arg && argv.length === 2) {
    const doc = (await definitions.list()).find((d) => d._id === arg);
    if (!doc) throw new Error(`there is no experience ${arg} (see experiences list)`);
    return [JSON.stringify(asDefinition(doc), null, 2)];
  }
  if (command === 'set' && arg && (argv.length === 2 || (arg === '--file' && more && argv.length === 3))) {
    let input: unknown;
    try {
      input = JSON.parse(arg === '--file' ? readFileSync(more!, 'utf8') : arg);
    } catch (err) {
      throw new Error(`the experience must be JSON: ${(err as Error).message}\n${EXPERIENCES_USAGE}`);
    }
    try {
      const doc = await definitions.put(input);
      return [`${doc._id} is set (${doc.enabled ? 'on' : 'off'}): ${within}`];
    } catch (err) {
      throw new Error(`the experience is not valid:\n${describe(err)}`);
    }
  }
  if ((command === 'disable' || command === 'enable') && arg && argv.length === 2) {
    if (!(await definitions.setEnabled(arg, command === 'enable'))) throw new Error(`there is no experience ${arg} (see experiences list)`);
    return [`${arg} is ${command === 'enable' ? 'on' : 'off'}: ${within}`];
  }
  throw new Error(EXPERIENCES_USAGE);
}
