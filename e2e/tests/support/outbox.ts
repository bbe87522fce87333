import { expect, type APIRequestContext } from '@playwright/test';

interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  text: string;
  sent_at: string;
}

async function newestSms(request: APIRequestContext, phone: string): Promise<OutboxMessage | undefined> {
  const response = await request.get('/v3/dev/outbox/');
  expect(response.status(), await response.text()).toBe(200);
  const messages: OutboxMessage[] = (await response.json()).resource_response.data;
  return messages
    .filter((message) => message.channel === 'sms' && message.to === phone)
    .sort((a, b) => b.sent_at.localeCompare(a.sent_at))[0];
}

export interface TextedCode {
  /** The outbox message's id: pass it as `after` to wait for the next code. */
  id: string;
  code: string;
}

/**
 * The code in the newest text message to `phone` (E.164) in the development outbox, waiting for
 * one that is newer than the message `after` (the previous code) when given.
 */
export async function textedCode(request: APIRequestContext, phone: string, after?: TextedCode): Promise<TextedCode> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = await newestSms(request, phone);
        return found !== undefined && found.id !== after?.id;
      },
      { timeout: 15_000, message: `a new text message to ${phone} in the dev outbox` },
    )
    .toBe(true);
  const code = /\b(\d{6})\b/.exec(found!.text)?.[1];
  expect(code, found!.text).toBeDefined();
  return { id: found!.id, code: code! };
}

/** A 6-digit code that is certainly not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
