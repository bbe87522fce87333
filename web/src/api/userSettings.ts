import { userSettingsSchema, type UserSettings, type UserSettingsUpdate } from '@pinhive/contracts';
import { apiRequest } from './client';

/** `GET /v3/users/settings/`: connected_to_instagram and listed_website_url (auth). */
export function fetchUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return apiRequest('/v3/users/settings/', { signal, schema: userSettingsSchema });
}

/** `POST /v3/users/settings/`: lists (or clears, with '') the website; answers the settings. */
export function saveUserSettings(update: UserSettingsUpdate): Promise<UserSettings> {
  return apiRequest('/v3/users/settings/', { method: 'POST', body: update, schema: userSettingsSchema });
}

export const userSettingsKey = (userId: string) => ['userSettings', userId] as const;
