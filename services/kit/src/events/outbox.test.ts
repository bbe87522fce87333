import { newEvent } from './bus';
import { docWithEvents, updateWithEvents } from './outbox';

const event = newEvent('auth', 'auth.user.registered.v1', 'u1', {
  userId: 'u1', username: 'ada', email: 'ada@example.com', firstName: 'Ada', lastName: '', country: null, registeredAt: '2026-01-01T00:00:00.000Z',
});

describe('outbox writes', () => {
  it('a new document carries its events and the flag the sweep looks for', () => {
    expect(docWithEvents({ _id: 'u1', name: 'Ada' }, [event])).toEqual({ _id: 'u1', name: 'Ada', pendingEvents: [event], outboxPending: true });
  });

  it('an update adds the events and sets the flag without losing its own $set and $push', () => {
    expect(updateWithEvents({ $set: { name: 'Ada' }, $push: { tags: 'x' }, $inc: { n: 1 } }, [event])).toEqual({
      $set: { name: 'Ada', outboxPending: true },
      $push: { tags: 'x', pendingEvents: { $each: [event] } },
      $inc: { n: 1 },
    });
  });
});
