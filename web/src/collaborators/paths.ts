/** Where the signed-in person's board invitations are listed (the account menu links there). */
export const INVITATIONS_PATH = '/invite/';
