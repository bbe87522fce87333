import type { APIRequestContext } from '@playwright/test';

/** A word no other pin has: letters only, so that any way of cutting text into words keeps it whole. */
export function uniqueWord(prefix: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return prefix + Array.from({ length: 8 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

/** The ids BaseSearchResource answers for a search, as the web app asks for them. */
export async function searchIds(request: APIRequestContext, options: Record<string, unknown>): Promise<string[]> {
  const answer = await request.get(`/resource/BaseSearchResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { page_size: 25, ...options } }))}`);
  const data = (await answer.json()).resource_response?.data as { id: string }[] | undefined;
  return (data ?? []).map((result) => result.id);
}
