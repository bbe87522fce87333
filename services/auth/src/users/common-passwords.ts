/**
 * Passwords refused at sign-up and reset because they are among the first guesses of any
 * attacker (lower-cased; compared case-insensitively). Kept short on purpose: the lockout and
 * the rate limits do the rest.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '654321', '111111', '000000', '121212', '123123',
  '112233', '666666', '696969', '777777', '987654321', '123321', '159753', '147258369', '1q2w3e', '1q2w3e4r',
  '1qaz2wsx', 'qwerty', 'qwerty1', 'qwerty123', 'qwertyuiop', 'asdfgh', 'asdfghjkl', 'zxcvbn', 'zxcvbnm', 'azerty',
  'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'pass123', 'letmein', 'welcome', 'welcome1',
  'admin', 'admin123', 'administrator', 'root', 'login', 'abc123', 'abcdef', 'abcd1234', 'iloveyou', 'princess',
  'sunshine', 'monkey', 'dragon', 'football', 'baseball', 'soccer', 'hockey', 'superman', 'batman', 'trustno1',
  'master', 'shadow', 'michael', 'jennifer', 'jordan', 'hunter', 'hunter2', 'buster', 'charlie', 'freedom',
  'whatever', 'secret', 'starwars', 'computer', 'internet', 'killer', 'pepper', 'ginger', 'flower', 'cookie',
  'summer', 'winter', 'spring', 'autumn', 'hello', 'hello123', 'loveme', 'lovely', 'michelle', 'nicole',
  'daniel', 'ashley', 'jessica', 'andrew', 'thomas', 'tigger', 'chocolate', 'pinterest', 'pinhive', 'pinhive1',
]);
