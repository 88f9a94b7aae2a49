import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ONECALL_LIMITS } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { inboundDomain } from './addresses.js';
import { RECIPIENT_REFUSALS, TicketRefused, receiveTicket, recipientAddresses } from './inbound.js';
import type { TicketAddress } from './ticket-store.js';

/**
 * The inbound mail endpoint of one-call tickets (INBOUND_SMTP_PORT): an SMTP server that takes mail
 * for our inbound addresses and for verified registered addresses whose mail is delivered here, and
 * refuses everything else at RCPT TO. A ticket is accepted (250) only once stored; a ticket that
 * cannot be read is answered 550 with its problems, so the sending system reports the bounce. No TLS
 * or AUTH here: run it behind the site's MTA, or expose it as a plain MX relay target.
 */

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });
/** One line, short enough for an SMTP reply. */
const replyText = (text: string) => text.replace(/\s+/g, ' ').slice(0, 400);
const firstAddress = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.value[0]?.address ?? null;

async function readMessage(stream: Readable & { sizeExceeded?: boolean }): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return stream.sizeExceeded ? null : Buffer.concat(chunks);
}

/** The addresses of the recipients RCPT TO accepted (each was checked there; checked again now). */
async function acceptedAddresses(deps: Deps, rcptTo: Array<{ address: string }>): Promise<TicketAddress[]> {
  const found: TicketAddress[] = [];
  for (const { address } of rcptTo) {
    const check = await recipientAddresses(deps, address);
    if (check.ok) found.push(...check.addresses);
  }
  return found;
}

export async function startInboundSmtp(deps: Deps, options: { port: number; host: string }): Promise<InboundSmtp> {
  const server = new SMTPServer({
    name: inboundDomain(deps.config),
    banner: 'Fieldbook one-call tickets',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: ONECALL_LIMITS.ticketMailMaxBytes,
    logger: false,
    onRcptTo(address, _session, callback) {
      recipientAddresses(deps, address.address).then(
        (check) => {
          callback(check.ok ? undefined : smtpError(550, `5.1.1 ${RECIPIENT_REFUSALS[check.reason]}`));
        },
        (err: unknown) => {
          deps.log.error({ err }, 'one-call inbound: recipient check failed');
          callback(smtpError(451, '4.3.0 temporary failure, try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      void (async () => {
        const raw = await readMessage(stream);
        if (!raw) return callback(smtpError(552, '5.3.4 message too big for a ticket'));
        const mail = await simpleParser(raw);
        await receiveTicket(deps, await acceptedAddresses(deps, session.envelope.rcptTo), {
          from: firstAddress(mail.from),
          replyTo: firstAddress(mail.replyTo),
          subject: mail.subject ?? null,
          text: mail.text ?? '',
        });
        callback();
      })().catch((err: unknown) => {
        if (err instanceof TicketRefused)
          return callback(
            smtpError(
              err.permanent ? 550 : 451,
              replyText(`${err.permanent ? '5.6.0' : '4.3.0'} ticket refused: ${err.message}`),
            ),
          );
        deps.log.error({ err }, 'one-call inbound: ticket not stored');
        callback(smtpError(451, '4.3.0 temporary failure, try again later'));
      });
    },
  });
  server.on('error', (err) => deps.log.error({ err }, 'one-call inbound SMTP error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  deps.log.info(`one-call inbound SMTP listening on ${options.host}:${port}`);
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
