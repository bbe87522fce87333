import { advertisedBoardPrivacy } from './advertiser.rules';

describe('a board made for an advertiser (section 6)', () => {
  it('is protected when made on behalf of an advertiser someone else owns, whatever was asked', () => {
    for (const asked of ['public', 'secret', 'protected'] as const) expect(advertisedBoardPrivacy('member', asked)).toBe('protected');
  });

  it("keeps the privacy its advertiser's owner asked for", () => {
    for (const asked of ['public', 'secret', 'protected'] as const) expect(advertisedBoardPrivacy('owner', asked)).toBe(asked);
  });
});
