import type { Interest } from '@pinhive/contracts';
import { addToSetUpserting, setIfNewer } from '@pinhive/kit';
import type { Connection } from 'mongoose';
import { PEOPLE_COLLECTION, PERSON_STAMPS, placeholderPerson, type PersonDoc, type PersonPart } from './person.model';

/**
 * People from auth's events. The username index is not unique, unlike pins-boards' profiles: two
 * people may hold one name for a moment when renames cross (auth's events of two accounts arrive
 * on separate partitions), and a unique index would hold the second rename back until the first
 * arrived. A lookup by username takes the newest holder instead (`findByUsername`).
 */
export class PersonRepository {
  constructor(private readonly conn: Connection) {}

  private people() {
    return this.conn.collection<PersonDoc>(PEOPLE_COLLECTION);
  }

  /**
   * Sets one part of a person unless an event at least as new already set it (the kit's
   * setIfNewer): auth's events travel on one topic per type, and the registration can arrive
   * after an event of another type.
   */
  setIfNewer(id: string, part: PersonPart, at: Date, fields: Partial<PersonDoc>, onInsert: Partial<PersonDoc>): Promise<boolean> {
    return setIfNewer(this.people(), id, PERSON_STAMPS[part], at, fields, onInsert);
  }

  /**
   * Adds interests to a person's set (`$addToSet`: adding one already there changes nothing, so
   * a redelivered save adds nothing; the set holds at most INTERESTS.length). Upserts with the
   * placeholder, as the other parts do: a save can arrive before the registration.
   */
  async addInterests(id: string, interests: readonly Interest[]): Promise<void> {
    await addToSetUpserting(this.people(), id, 'interests', interests, placeholderPerson(id));
  }

  async findById(id: string): Promise<PersonDoc | null> {
    return this.people().findOne({ _id: id });
  }

  /**
   * The person holding a username (lower-cased, as auth makes them), if active. When two hold it
   * (one renamed away, their event not here yet) the one who took it last has it.
   */
  async findByUsername(username: string): Promise<PersonDoc | null> {
    const holders = await this.people().find({ username: username.toLowerCase() }).toArray();
    const newest = holders.sort((a, b) => (b.namesChangedAt?.getTime() ?? 0) - (a.namesChangedAt?.getTime() ?? 0))[0];
    return newest && !newest.deactivatedAt ? newest : null;
  }
}
