import { z } from 'zod';
import { pinCreateOptionsSchema } from '../index';

const messageOf = (schema: z.ZodType, value: unknown): string | undefined => schema.safeParse(value).error?.issues[0]?.message;

describe('what a refused value says', () => {
  it('is written for people, not as a schema path or a type', () => {
    expect(messageOf(z.string().max(3), 'abcd')).toBe('Please enter no more than 3 characters.');
    expect(messageOf(z.string().min(1), '')).toBe("This can't be empty.");
    expect(messageOf(z.object({ pin: z.string() }), {})).toBe('This is required.');
    expect(messageOf(z.number().int().max(50), 51)).toBe('Please enter a number no greater than 50.');
    expect(messageOf(z.enum(['public', 'secret']), 'open')).toBe('Please choose one of the offered values.');
    expect(messageOf(z.string().email(), 'ada')).toBe("That email address isn't valid.");
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(z.string().max(3, 'Names are short.'), 'abcd')).toBe('Names are short.');
  });

  it("says of a bookmarklet's over-long image link what is wrong, without the option's name", () => {
    const message = messageOf(pinCreateOptionsSchema, { board_id: '1', image_url: `https://ex.com/${'a'.repeat(3000)}`, method: 'button' });
    expect(message).toMatch(/^Please enter no more than \d+ characters\.$/);
  });
});
