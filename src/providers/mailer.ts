import nodemailer from 'nodemailer';
import type { Config } from '../core/config.js';

export interface MailMessage {
  to: readonly string[];
  subject: string;
  text: string;
}

/** Sends notices by email (port; the SMTP implementation below, tests start a local SMTP server). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** An SMTP mailer for MNEMO_SMTP_URL (smtp://user:pass@host:port, smtps:// for implicit TLS); undefined when unset. */
export function createMailer(notifications: Readonly<Config['notifications']>): Mailer | undefined {
  if (!notifications.smtpUrl) return undefined;
  const transport = nodemailer.createTransport(notifications.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: notifications.from, to: [...message.to], subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}
