import { setIfGreater, setIfNewer, type ReadCache, type ReadCacheOptions } from '@pinhive/kit';
import { STATUS_RANK, type ExperienceStatus } from '@pinhive/contracts';
import type { Connection } from 'mongoose';
import { EXPERIENCE_PEOPLE_COLLECTION, type ExperiencePersonDoc } from './experience.model';

/**
 * Every read of a placement needs its viewer's document, and FerretDB's cost of one grows with
 * its statuses (about 3 ms of CPU across FerretDB and PostgreSQL for 50 of them, measured by
 * `npm run bench -- experiences`). They change only when the person acts, so each instance keeps
 * them in memory, valid while the person's stamp in Redis is unchanged (the kit's read cache):
 * every write here marks the person changed, so every instance sees it at once.
 */
export const PEOPLE_CACHE: ReadCacheOptions<ExperiencePersonDoc | null> = {
  name: 'experience-person',
  ttlMs: 10 * 60_000,
  maxBytes: 64 * 1024 * 1024,
  size: (doc) => (doc ? 200 + Object.keys(doc.statuses ?? {}).length * 120 : 50),
};

/** People as experiences knows them: targeting facts and statuses, one document each (experience.model.ts). */
export class ExperiencePeople {
  constructor(private readonly conn: Connection, private readonly cache: ReadCache<ExperiencePersonDoc | null>) {}

  private people() {
    return this.conn.collection<ExperiencePersonDoc>(EXPERIENCE_PEOPLE_COLLECTION);
  }

  find(userId: string): Promise<ExperiencePersonDoc | null> {
    return this.cache.read(userId, '', () => this.people().findOne({ _id: userId }));
  }

  /** From auth's registration event; a replay or an older event changes nothing. */
  async recordRegistration(userId: string, country: string | null, registeredAt: Date): Promise<boolean> {
    return this.marked(userId, await setIfNewer(this.people(), userId, 'registeredStamp', registeredAt, { country, registeredAt }, {}));
  }

  /** Marks the person changed in every instance's cache when a write changed them. */
  private async marked(userId: string, changed: boolean): Promise<boolean> {
    if (changed) await this.cache.changed(userId);
    return changed;
  }

  /**
   * Moves one status forward: ignored (false) when the person already has this status or a later
   * one, so a status never goes back and a repeated or late call changes nothing. One conditional
   * write, so two racing changes cannot both win.
   */
  async advance(userId: string, placedId: string, status: ExperienceStatus, at: Date): Promise<boolean> {
    const key = `statuses.${placedId}`;
    return this.marked(userId, await setIfGreater(this.people(), userId, `${key}.rank`, STATUS_RANK[status], { [`${key}.status`]: status, [`${key}.at`]: at }, {}));
  }
}
