import { sendRefusal, SEND_MESSAGES, type SendSubject } from './send.rules';

const board = (privacy: 'public' | 'secret' | 'protected', collaboratorIds: string[] = []) => ({ ownerId: 'owner', privacy, collaboratorIds, deletedAt: null });
const subject = (over: Partial<SendSubject> = {}): SendSubject => ({
  senderId: 'owner', recipientId: 'friend', followsRecipient: true, pin: { pinnerId: 'owner', board: board('public') }, ...over,
});

describe('sending a pin', () => {
  it('goes to a followed person who may open the pin', () => {
    expect(sendRefusal(subject())).toBeNull();
    expect(sendRefusal(subject({ pin: { pinnerId: 'owner', board: board('protected') } }))).toBeNull();
    // A secret board's member may be sent its pins.
    expect(sendRefusal(subject({ pin: { pinnerId: 'owner', board: board('secret', ['friend']) } }))).toBeNull();
  });

  it('is refused to oneself and to people one does not follow, naming recipient_id', () => {
    expect(sendRefusal(subject({ recipientId: 'owner' }))).toEqual({ code: 'bad_request', field: 'recipient_id', message: SEND_MESSAGES.self });
    expect(sendRefusal(subject({ followsRecipient: false }))).toEqual({ code: 'forbidden', field: 'recipient_id', message: SEND_MESSAGES.notFollowed });
  });

  it("refuses a secret board's pin to a non-member with the 404 they would get", () => {
    expect(sendRefusal(subject({ pin: { pinnerId: 'owner', board: board('secret') } }))).toEqual({ code: 'not_found', field: 'pin_id', message: 'Pin not found.' });
    expect(sendRefusal(subject({ pin: { pinnerId: 'owner', board: { ...board('public'), deletedAt: new Date() } } }))).toMatchObject({ code: 'not_found' });
  });
});
