import { AD_TOKEN_TTL_SECONDS, signAdToken, verifyAdToken } from './ad-token';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const claims = { adId: '11', adGroupId: '12', campaignId: '13', advertiserId: '14', viewerKey: 'user-ada', placement: 'home_feed' as const, servedAt: 1_800_000_000 };

describe('ad tokens', () => {
  it('gives back the claims of a token it signed, within a day', () => {
    const token = signAdToken(secret, claims);
    expect(verifyAdToken(secret, token, claims.servedAt + 10)).toEqual(claims);
    expect(verifyAdToken(secret, token, claims.servedAt + AD_TOKEN_TTL_SECONDS)).toEqual(claims);
    expect(verifyAdToken(secret, token, claims.servedAt + AD_TOKEN_TTL_SECONDS + 1)).toBeNull();
  });

  it('refuses a token signed with another secret, changed, or malformed', () => {
    const token = signAdToken(secret, claims);
    expect(verifyAdToken('another-secret-of-thirty-two-characters', token, claims.servedAt)).toBeNull();
    const [body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify(['99', '12', '13', '14', 'user-ada', 'home_feed', claims.servedAt])).toString('base64url');
    expect(verifyAdToken(secret, `${forged}.${sig}`, claims.servedAt)).toBeNull();
    expect(verifyAdToken(secret, `${body}.`, claims.servedAt)).toBeNull();
    expect(verifyAdToken(secret, 'nonsense', claims.servedAt)).toBeNull();
  });
});
