import { createHash } from 'node:crypto';

/** SHA-256 as base64url: how refresh secrets, reset tokens, codes and check tokens are stored. */
export const sha256 = (input: string): string => createHash('sha256').update(input).digest('base64url');
