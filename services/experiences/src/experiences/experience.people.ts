import { setIfGreater, setIfNewer } from '@pinhive/kit';
import { STATUS_RANK, type ExperienceStatus } from '@pinhive/contracts';
import type { Connection } from 'mongoose';
import { EXPERIENCE_PEOPLE_COLLECTION, type ExperiencePersonDoc } from './experience.model';

/** People as experiences knows them: targeting facts and statuses, one document each (experience.model.ts). */
export class ExperiencePeople {
  constructor(private readonly conn: Connection) {}

  private people() {
    return this.conn.collection<ExperiencePersonDoc>(EXPERIENCE_PEOPLE_COLLECTION);
  }

  find(userId: string): Promise<ExperiencePersonDoc | null> {
    return this.people().findOne({ _id: userId });
  }

  /** From auth's registration event; a replay or an older event changes nothing. */
  recordRegistration(userId: string, country: string | null, registeredAt: Date): Promise<boolean> {
    return setIfNewer(this.people(), userId, 'registeredStamp', registeredAt, { country, registeredAt }, {});
  }

  /**
   * Moves one status forward: ignored (false) when the person already has this status or a later
   * one, so a status never goes back and a repeated or late call changes nothing. One conditional
   * write, so two racing changes cannot both win.
   */
  advance(userId: string, placedId: string, status: ExperienceStatus, at: Date): Promise<boolean> {
    const key = `statuses.${placedId}`;
    return setIfGreater(this.people(), userId, `${key}.rank`, STATUS_RANK[status], { [`${key}.status`]: status, [`${key}.at`]: at }, {});
  }
}
