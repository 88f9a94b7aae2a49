import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { SafeHtml } from './html.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Built with the `html` template, so every value in it is escaped. */
  html?: SafeHtml;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

function envelope(from: string, message: MailMessage) {
  // A subject holds user text (organization names, feedback titles): one line, never extra headers.
  return {
    from,
    to: message.to,
    subject: message.subject.replace(/\s+/g, ' '),
    text: message.text,
    html: message.html?.value,
  };
}

/**
 * Mail over SMTP_URL; without it each mail is written to DATA_DIR/outbox/ as an .eml file and
 * logged, so a single-machine install can still read its codes.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelope(options.from, message));
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(options.from, message));
      await mkdir(outbox, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info(
        { to: message.to, subject: message.subject, file },
        `mail written to outbox: ${message.text.split('\n')[0]}`,
      );
    },
  };
}
