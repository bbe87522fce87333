import { describe, expect, it } from '@jest/globals';
import { errorCatalogue } from '@pinhive/contracts';
import { ApiError } from '../api/client';
import en from '../i18n/en.json';
import { saveErrorText, saveRefusal } from './saveErrors';

const failure = (code: string, message = 'server words') => new ApiError({ code, message, message_detail: null, http_status: 403 });
const t = (key: string) => (key === 'errors.pin_creation_disabled' ? en.errors.pin_creation_disabled : key);

describe('a failed save', () => {
  it('shows pin creation switched off in every flow, the fixed-text ones too', () => {
    expect(saveRefusal(failure('pin_creation_disabled'))).toBe('pin_creation_disabled');
    expect(saveErrorText(failure('pin_creation_disabled'), t, 'Sorry! Something went wrong on our end.')).toBe('Pin creation is turned off for now. Please try again later.');
    expect(saveErrorText(failure('pin_creation_disabled'), t, 'fallback', true)).toBe(errorCatalogue.pin_creation_disabled.message);
  });

  it("keeps each flow's own words for other failures", () => {
    expect(saveRefusal(failure('forbidden'))).toBeNull();
    expect(saveErrorText(failure('forbidden'), t, 'Sorry! Something went wrong on our end.')).toBe('Sorry! Something went wrong on our end.');
    expect(saveErrorText(failure('board_busy', 'Please wait'), t, 'fallback', true)).toBe('Please wait');
    expect(saveErrorText(new Error('boom'), t, 'fallback', true)).toBe('fallback');
  });
});
