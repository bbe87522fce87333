import { userSettingsSchema, userSettingsUpdateSchema, type UserSettings } from '@pinhive/contracts';
import { defineRoute, perViewer, type DeclaredLimiter } from '@pinhive/kit';
import type { SessionService } from '../sessions/session.service';
import { currentUser } from './current-user';
import type { UserDoc } from './user.model';
import type { UserRepository } from './user.repository';

/** The settings as the upsells read them (saving-boards-ads.md sections 3 and 7). */
export function presentSettings(user: Pick<UserDoc, 'listedWebsiteUrl' | 'connectedToInstagram'>): UserSettings {
  return { connected_to_instagram: user.connectedToInstagram === true, listed_website_url: user.listedWebsiteUrl ?? null };
}

/**
 * `GET /v3/users/settings/` (the spec's `GET /v3/users/settings`, answered with or without the
 * slash) and its write, used by the "Claimed websites" page (`/settings/claim/`).
 */
export function settingsRoutes(deps: { users: UserRepository; sessions: SessionService; writeLimit: DeclaredLimiter }) {
  const { users, sessions, writeLimit } = deps;
  return [
    defineRoute({
      method: 'get',
      path: '/v3/users/settings/',
      summary: "The account's settings the upsells read: connected_to_instagram, listed_website_url",
      auth: 'viewer',
      response: userSettingsSchema,
      handler: async ({ req }) => presentSettings(await currentUser(req, sessions, users)),
    }),
    defineRoute({
      method: 'post',
      path: '/v3/users/settings/',
      summary: "Lists (or, with '' or null, clears) the account's website; answers the settings after the change",
      auth: 'viewer',
      rateLimit: { ...writeLimit, ...perViewer },
      body: userSettingsUpdateSchema,
      response: userSettingsSchema,
      handler: async ({ req, body }) => {
        const user = await currentUser(req, sessions, users);
        const listedWebsiteUrl = body.listed_website_url || null;
        await users.setListedWebsite(user._id, listedWebsiteUrl);
        return presentSettings({ ...user, listedWebsiteUrl });
      },
    }),
  ];
}
