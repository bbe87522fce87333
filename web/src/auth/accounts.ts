import { MAX_STORED_ACCOUNTS, type SessionUser, type StoredAccount } from '@pinhive/contracts';

/** The viewer in the shape of a stored account (when the list is not known yet, or lacks them). */
export function asStoredAccount(user: SessionUser): StoredAccount {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.full_name,
    imageMediumUrl: user.image_medium_url,
    imageLargeUrl: user.image_large_url,
    active: true,
  };
}

/**
 * The accounts the menu lists: the server's list with the viewer marked active (the top bar shows
 * the viewer, so the two never disagree), the viewer alone while the list is unknown or failed,
 * and the viewer first if the list lacks them.
 */
export function accountsForMenu(accounts: readonly StoredAccount[] | undefined, viewer: SessionUser): StoredAccount[] {
  const listed = (accounts ?? []).map((account) => ({ ...account, active: account.id === viewer.id }));
  return listed.some((account) => account.active) ? listed : [asStoredAccount(viewer), ...listed];
}

/** One browser keeps at most MAX_STORED_ACCOUNTS accounts logged in. */
export function canAddAccount(accounts: readonly StoredAccount[]): boolean {
  return accounts.length < MAX_STORED_ACCOUNTS;
}

/**
 * Log-out ends only the active account. The app then carries on with the next account this browser
 * is still logged in to (the first other one the server listed), or shows the logged-out state.
 */
export function accountAfterLogout(accounts: readonly StoredAccount[], activeId: string): StoredAccount | null {
  return accounts.find((account) => account.id !== activeId) ?? null;
}

/** What a person is called in the menu: the full name, else the username. */
export function displayName(account: Pick<StoredAccount, 'fullName' | 'username'>): string {
  return account.fullName.trim() || account.username;
}

/**
 * Avatar initials: the first letter of the first and of the last word ("Ada Lovelace" → "AL"),
 * one letter for one word, "?" for nothing.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const letter = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase();
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return letter(first) + (last ? letter(last) : '');
}
