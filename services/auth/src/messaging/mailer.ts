import nodemailer from 'nodemailer';
import type { Logger } from '@pinhive/kit';
import type { DevOutboxRepository } from './dev-outbox.repository';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Mail through nodemailer: SMTP in production; in development and tests nodemailer's JSON
 * transport builds the message and it lands in the dev outbox (/dev/outbox).
 */
export function createMailer(opts: { transport: 'smtp' | 'dev-outbox'; smtpUrl?: string; from: string; devOutbox: DevOutboxRepository; logger: Logger }): Mailer {
  if (opts.transport === 'smtp') {
    const smtp = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: async (mail) => {
        await smtp.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const json = nodemailer.createTransport({ jsonTransport: true });
  return {
    send: async (mail) => {
      await json.sendMail({ from: opts.from, ...mail });
      await opts.devOutbox.add({ channel: 'email', to: mail.to, subject: mail.subject, text: mail.text });
      opts.logger.info({ to: mail.to, subject: mail.subject }, 'mail stored in the dev outbox');
    },
  };
}
