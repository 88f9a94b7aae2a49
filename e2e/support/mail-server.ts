import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback: the product delivers its mails to it over SMTP exactly as it
 * would to the operator's mail relay, and the test reads codes from what arrived.
 */
export class TestMailServer {
  readonly received: ReceivedMail[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        this.received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for a mail to the address that arrived after `after` mails, and returns its code. */
  async waitForCode(email: string, after = 0, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mails = this.received.filter((m) => m.to.includes(email.toLowerCase()));
      const code = mails
        .slice(after)
        .at(-1)
        ?.raw.match(/code is (\d{6})/)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no code mailed to ${email}`);
  }

  countTo(email: string): number {
    return this.received.filter((m) => m.to.includes(email.toLowerCase())).length;
  }
}
