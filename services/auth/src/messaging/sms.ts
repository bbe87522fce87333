import { appError, type Logger } from '@pinhive/kit';
import type { DevOutboxRepository } from './dev-outbox.repository';

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/**
 * Text messages: in development and tests they land in the dev outbox (/dev/outbox). No SMS
 * provider is wired yet for production (`none`): sending answers 503, so two-factor cannot be
 * switched on there until one is.
 */
export function createSmsSender(opts: { transport: 'dev-outbox' | 'none'; devOutbox: DevOutboxRepository; logger: Logger }): SmsSender {
  if (opts.transport === 'none') {
    return {
      send: async () => {
        throw appError('sms_unavailable');
      },
    };
  }
  return {
    send: async (to, text) => {
      await opts.devOutbox.add({ channel: 'sms', to, subject: null, text });
      opts.logger.info({ to: `…${to.slice(-2)}` }, 'sms stored in the dev outbox');
    },
  };
}
