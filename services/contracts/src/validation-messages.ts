import { z } from 'zod';

/**
 * Person-readable messages for what a schema refuses without a message of its own, for every
 * service and the web app (zod's global error map; a schema's own message still wins). Zod's
 * defaults ("Too big: expected string to have <=2048 characters") are a developer's, and a 400's
 * message can reach a person in a toast; the field it concerns is in the answer's `data.field`.
 */
const plural = (n: unknown, one: string, many: string) => (Number(n) === 1 ? one : many);

z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'too_big':
        if (issue.origin === 'string') return `Please enter no more than ${String(issue.maximum)} ${plural(issue.maximum, 'character', 'characters')}.`;
        if (issue.origin === 'array' || issue.origin === 'set') return `Please choose no more than ${String(issue.maximum)}.`;
        if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return `Please enter a number no greater than ${String(issue.maximum)}.`;
        return 'This is too large.';
      case 'too_small':
        if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? "This can't be empty." : `Please enter at least ${String(issue.minimum)} characters.`;
        if (issue.origin === 'array' || issue.origin === 'set') return `Please choose at least ${String(issue.minimum)}.`;
        if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return `Please enter a number no less than ${String(issue.minimum)}.`;
        return 'This is too small.';
      case 'invalid_type':
        return issue.input === undefined ? 'This is required.' : "This value isn't valid here.";
      case 'invalid_format':
        return issue.format === 'email' ? "That email address isn't valid." : issue.format === 'url' ? "That link isn't valid." : "This isn't in a valid format.";
      case 'invalid_value':
        return 'Please choose one of the offered values.';
      case 'unrecognized_keys':
        return `Unknown ${plural(issue.keys.length, 'option', 'options')}: ${issue.keys.join(', ')}.`;
      case 'not_multiple_of':
        return `Please enter a multiple of ${String(issue.divisor)}.`;
      case 'invalid_union':
      case 'invalid_key':
      case 'invalid_element':
        return "This value isn't valid here.";
      case 'custom':
        // A refinement's own message stands; one without says only this.
        return "This value isn't valid here.";
    }
  },
});
