import { defineIndexes } from '@pinhive/kit';
import { PROFILES_COLLECTION } from './profiles/profile.model';

/** Every index pins-boards' queries need, created at start by the kit. */
export const pinsBoardsIndexes = [
  ...defineIndexes(PROFILES_COLLECTION, [
    { key: { username: 1 }, unique: true }, // profile pages by username
  ]),
];
