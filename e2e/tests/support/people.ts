import { expect, type APIRequestContext } from '@playwright/test';

/** A person's account id, from their public profile (`GET /v3/users/{username}/`). */
export async function userIdOf(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.get(`/v3/users/${encodeURIComponent(username)}/`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).resource_response.data.id as string;
}

/** The request context's owner follows a person (UserFollowResource create), as the Follow button does. */
export async function followPerson(request: APIRequestContext, userId: string): Promise<void> {
  const csrf = async () => (await request.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken')?.value;
  if (!(await csrf())) await request.get('/v3/users/me/');
  const response = await request.post('/resource/UserFollowResource/create/', { headers: { 'X-CSRFToken': (await csrf()) ?? '' }, data: { options: { user_id: userId } } });
  expect(response.status(), await response.text()).toBe(200);
}
