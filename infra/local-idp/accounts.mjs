// The local identity provider's people, kept in one JSON file so they (and their subjects)
// survive a restart. Development and tests only: a handful of accounts, read whole.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A phone number as typed at the sign-in page (a phone-only social account has no email). */
export const isPhone = (login) => /^\+?[0-9 ()-]{7,20}$/.test(login);

/** What the sign-in pages take: an email, or a phone number. */
export const isLogin = (login) => Boolean(login) && (login.includes('@') || isPhone(login));

/** Claims of an account, by the scope that releases them (see server.mjs `claims`). */
export function claimsOf(account) {
  const name = [account.given_name, account.family_name].filter(Boolean).join(' ');
  return {
    sub: account.sub,
    ...(account.email ? { email: account.email, email_verified: true, hd: account.email.split('@')[1] } : {}),
    ...(account.phone_number ? { phone_number: account.phone_number, phone_number_verified: true } : {}),
    ...(name ? { name } : {}),
    ...(account.given_name ? { given_name: account.given_name } : {}),
    ...(account.family_name ? { family_name: account.family_name } : {}),
    ...(account.birthdate ? { birthdate: account.birthdate } : {}),
    ...(account.gender ? { gender: account.gender } : {}),
    ...(account.picture ? { picture: account.picture } : {}),
  };
}

export class Accounts {
  constructor(dataDir) {
    this.file = path.join(dataDir, 'accounts.json');
    fs.mkdirSync(dataDir, { recursive: true });
    this.byLogin = fs.existsSync(this.file) ? JSON.parse(fs.readFileSync(this.file, 'utf8')) : {};
  }

  findBySub(sub) {
    return Object.values(this.byLogin).find((a) => a.sub === sub) ?? null;
  }

  /**
   * The account that signs in as `login` (an email or a phone number): made at its first
   * sign-in, with the names and birthday typed then; later sign-ins update what is typed again.
   */
  signIn(login, details) {
    const key = login.trim().toLowerCase();
    const known = this.byLogin[key];
    const account = {
      sub: known?.sub ?? randomBytes(12).toString('hex'),
      ...(isPhone(key) ? { phone_number: key.replace(/[^+0-9]/g, '') } : { email: key }),
      given_name: details.given_name || known?.given_name || key.split('@')[0],
      family_name: details.family_name || known?.family_name || '',
      birthdate: details.birthdate || known?.birthdate || '',
      gender: details.gender || known?.gender || '',
    };
    this.byLogin[key] = { ...account, ...(known?.approved_clients ? { approved_clients: known.approved_clients } : {}) };
    this.save();
    return this.byLogin[key];
  }

  /** The person has signed in to this client before: the browser's prompt then says "Continue as" rather than "Sign up". */
  approve(sub, clientId) {
    const account = this.findBySub(sub);
    if (!account || account.approved_clients?.includes(clientId)) return;
    account.approved_clients = [...(account.approved_clients ?? []), clientId];
    this.save();
  }

  // Whole-file rewrite through a rename: a crash leaves the old file or the new one, never half.
  save() {
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.byLogin, null, 2));
    fs.renameSync(tmp, this.file);
  }
}
