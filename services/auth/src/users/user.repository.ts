import type { Connection, Model } from 'mongoose';
import { userModel, type UserDoc } from './user.model';

/** Duplicate-key errors name the unique field that clashed. */
export class DuplicateKeyError extends Error {
  constructor(readonly field: 'email' | 'username') {
    super(`duplicate ${field}`);
  }
}

function duplicateField(err: unknown): 'email' | 'username' | undefined {
  if (typeof err !== 'object' || err === null || (err as { code?: number }).code !== 11000) return undefined;
  const text = JSON.stringify((err as { keyPattern?: unknown }).keyPattern ?? '') + String((err as Error).message);
  return text.includes('username') ? 'username' : 'email';
}

export class UserRepository {
  private readonly model: Model<UserDoc>;
  constructor(conn: Connection) {
    this.model = userModel(conn);
  }

  async findByEmail(email: string): Promise<UserDoc | null> {
    return this.model.findOne({ email }).lean<UserDoc>().exec();
  }

  async findByUsername(username: string): Promise<UserDoc | null> {
    return this.model.findOne({ username }).lean<UserDoc>().exec();
  }

  async findById(id: string): Promise<UserDoc | null> {
    return this.model.findById(id).lean<UserDoc>().exec();
  }

  /** By email when the identifier has an @, else by username. */
  async findByIdentifier(identifier: string): Promise<UserDoc | null> {
    return identifier.includes('@') ? this.findByEmail(identifier) : this.findByUsername(identifier);
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { passwordHash } }).exec();
  }

  async setLoginBlock(id: string, block: UserDoc['loginBlock']): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { loginBlock: block } }).exec();
  }

  async setMfa(id: string, fields: Partial<Pick<UserDoc, 'mfa' | 'mfaPending'>>): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: fields }).exec();
  }

  async setDeactivation(id: string, deactivation: UserDoc['deactivation']): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { deactivation } }).exec();
  }

  async emailExists(email: string): Promise<boolean> {
    return (await this.model.exists({ email })) !== null;
  }

  async usernameExists(username: string): Promise<boolean> {
    return (await this.model.exists({ username })) !== null;
  }

  /** Inserts the user together with its pending events in one single-document write. */
  async insert(user: UserDoc): Promise<void> {
    try {
      await this.model.create(user);
    } catch (err) {
      const field = duplicateField(err);
      if (field) throw new DuplicateKeyError(field);
      throw err;
    }
  }
}
