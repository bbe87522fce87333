import { identityFromProfile } from './facebook.verifier';

const facts = { appId: 'app', userId: 'fb-1', scopes: ['public_profile', 'email'] };

describe('identityFromProfile', () => {
  it("keeps the profile's birthday and a gender Pinhive knows (ads' targeting)", () => {
    const identity = identityFromProfile(facts, { id: 'fb-1', first_name: 'Ann', email: 'Ann@Example.com', gender: 'female', birthday: '05/17/1990' });
    expect(identity).toMatchObject({ provider: 'facebook', subject: 'fb-1', email: 'ann@example.com', birthday: '1990-05-17', gender: 'female' });
  });

  it('leaves out a custom or missing gender', () => {
    expect(identityFromProfile(facts, { id: 'fb-1', gender: 'nonbinary' }).gender).toBeUndefined();
    expect(identityFromProfile(facts, { id: 'fb-1' }).gender).toBeUndefined();
  });
});
