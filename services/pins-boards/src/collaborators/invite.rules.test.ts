import { MAX_COLLABORATORS_PER_BOARD, MAX_PENDING_INVITES_PER_BOARD } from '@pinhive/contracts';
import { planInvites, REFUSAL_MESSAGES, type InviteRequest } from './invite.rules';

const request = (extra: Partial<InviteRequest> = {}): InviteRequest => ({
  ownerId: 'ada',
  collaboratorIds: ['bob'],
  userIds: [],
  emails: [],
  known: new Set(['bob', 'cy', 'dee']),
  pending: new Set(),
  ...extra,
});

describe('an invite call', () => {
  it('invites known accounts and valid addresses, refusing oneself, members, unknown accounts and malformed addresses with a message each', () => {
    const plan = planInvites(request({ userIds: ['cy', 'ada', 'bob', 'ghost'], emails: ['  Grace@Example.COM ', 'not-an-email', 'x@y'] }));
    expect(plan.users).toEqual(['cy']);
    expect(plan.emails).toEqual(['grace@example.com']);
    expect(plan.refused).toEqual([
      { user_id: 'ada', email: null, reason: 'yourself', message: "You can't invite yourself." },
      { user_id: 'bob', email: null, reason: 'already_collaborator', message: 'They already collaborate on this board.' },
      { user_id: 'ghost', email: null, reason: 'unknown_user', message: "We couldn't find that person." },
      { user_id: null, email: 'not-an-email', reason: 'invalid_email', message: REFUSAL_MESSAGES.invalid_email },
      { user_id: null, email: 'x@y', reason: 'invalid_email', message: REFUSAL_MESSAGES.invalid_email },
    ]);
  });

  it('counts a person named twice once, an address in any case once', () => {
    const plan = planInvites(request({ userIds: ['cy', 'cy'], emails: ['grace@example.com', 'GRACE@example.com'] }));
    expect(plan).toEqual({ users: ['cy'], emails: ['grace@example.com'], refused: [] });
  });

  it('invites again someone already invited (no new invitation, no room taken), and fills the room left in the order given', () => {
    const pending = new Set(Array.from({ length: MAX_PENDING_INVITES_PER_BOARD - 1 }, (_, k) => `e:p${k}@example.com`).concat('u:cy'));
    expect(pending.size).toBe(MAX_PENDING_INVITES_PER_BOARD);
    const full = planInvites(request({ userIds: ['cy', 'dee'], pending }));
    expect(full.users).toEqual(['cy']);
    expect(full.refused.map((r) => [r.user_id, r.reason])).toEqual([['dee', 'board_full']]);

    const oneLeft = new Set([...pending].slice(1));
    const plan = planInvites(request({ userIds: ['dee'], emails: ['grace@example.com'], pending: oneLeft }));
    expect(plan.users).toEqual(['dee']);
    expect(plan.refused.map((r) => [r.email, r.reason])).toEqual([['grace@example.com', 'board_full']]);
  });

  it('invites nobody new onto a board with as many collaborators as it may have', () => {
    const collaboratorIds = Array.from({ length: MAX_COLLABORATORS_PER_BOARD }, (_, k) => `member-${k}`);
    const plan = planInvites(request({ collaboratorIds, userIds: ['cy'], emails: ['grace@example.com'], pending: new Set(['e:grace@example.com']) }));
    expect(plan.users).toEqual([]);
    // Already invited: still answered as invited.
    expect(plan.emails).toEqual(['grace@example.com']);
    expect(plan.refused.map((r) => r.reason)).toEqual(['board_full']);
  });
});
