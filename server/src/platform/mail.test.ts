import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from './mail.js';
import { html } from './html.js';

describe('mailer', () => {
  it('keeps a subject holding user text on one line (no extra header) and sends the escaped HTML', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-mail-'));
    const mailer = createMailer({
      from: 'Fieldbook <no-reply@fieldbook.test>',
      dataDir,
      log: { info: () => undefined } as unknown as FastifyBaseLogger,
    });
    await mailer.send({
      to: 'ops@fieldbook.test',
      subject: 'Feedback: hi\r\nBcc: victim@evil.test',
      text: 'x',
      html: html`<p>${'<b>'}</p>`,
    });
    const outbox = path.join(dataDir, 'outbox');
    const eml = readFileSync(path.join(outbox, readdirSync(outbox)[0]!), 'utf8');
    expect(eml).not.toMatch(/^Bcc:/m);
    expect(eml).toMatch(/^Subject: Feedback: hi Bcc: victim@evil.test$/m);
    expect(eml).toContain('&lt;b&gt;');
  });
});
