import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../deps.js';
import { recordActivity } from '../activities/record.js';
import { appUrl, html, type SafeHtml } from '../platform/html.js';
import type { MailMessage } from '../platform/mail.js';

/**
 * Verifying a one-call address (spec 3 §4: unverified → verified). A link with a random token is
 * mailed to the address; whoever reads that mailbox opens it and confirms, without a Fieldbook
 * account (the mailbox is the locating company's ticket inbox). Only the token's hash is stored; it
 * works once, for a week. The link's page asks for a click (a POST) before verifying, so a mail
 * scanner that fetches links does not verify an address nobody looked at.
 */

const VERIFY_TTL_MS = 7 * 24 * 3600 * 1000;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function newVerification(now = Date.now()) {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token), expiresAt: new Date(now + VERIFY_TTL_MS) };
}

export const verifyPath = (token: string) => `/rest/onecall/email/verify/${encodeURIComponent(token)}`;

export function verificationMail(publicUrl: string, to: string, projectName: string, token: string): MailMessage {
  const link = appUrl(publicUrl, verifyPath(token));
  const text = [
    `This address was added to the one-call e-mail list of the Fieldbook project "${projectName}".`,
    '',
    `Open this link to confirm that locate tickets sent to it may be read into the project: ${link.href}`,
    'The link works once, for 7 days. If you did not expect this, ignore this e-mail: nothing is received until the address is verified.',
  ].join('\n');
  const body = html`<p>
      This address was added to the one-call e-mail list of the Fieldbook project <strong>${projectName}</strong>.
    </p>
    <p><a href="${link}">Verify this address</a> to let locate tickets sent to it be read into the project.</p>
    <p>
      The link works once, for 7 days. If you did not expect this, ignore this e-mail: nothing is received until the
      address is verified.
    </p>`;
  return { to, subject: 'Verify your one-call address for Fieldbook', text, html: body };
}

/** Mails the link; a mail that cannot be sent leaves the address unverified, and the list offers to send it again. */
export async function mailVerification(deps: Deps, to: string, projectName: string, token: string): Promise<void> {
  try {
    await deps.mailer.send(verificationMail(deps.config.publicUrl, to, projectName, token));
  } catch (err) {
    deps.log.error({ err, to }, 'one-call verification mail not sent');
  }
}

/** The address a live token names (unverified, not expired), with its project's name. */
export async function pendingVerification(deps: Deps, token: string) {
  return deps.db
    .selectFrom('onecall_addresses as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select(['a.id', 'a.email_address', 'a.organization_id', 'a.project_id', 'p.name as project_name'])
    .where('a.verification_hash', '=', tokenHash(token))
    .where('a.verification_expires_at', '>', new Date())
    .where('a.verified_at', 'is', null)
    .executeTakeFirst();
}

/** Verifies the address a live token names, logged as done by that mailbox; null when the token is not live. */
export async function verifyAddress(deps: Deps, token: string) {
  return deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('onecall_addresses')
      .set({ verified_at: new Date(), verification_hash: null, verification_expires_at: null })
      .where('verification_hash', '=', tokenHash(token))
      .where('verification_expires_at', '>', new Date())
      .where('verified_at', 'is', null)
      .returning(['id', 'email_address', 'organization_id', 'project_id'])
      .executeTakeFirst();
    if (!updated) return null;
    await recordActivity(
      trx,
      { organizationId: updated.organization_id, accountId: null, email: updated.email_address, userType: null },
      {
        type: 'Edit',
        category: 'Project',
        message: `One-call e-mail address verified: ${updated.email_address}`,
        projectId: updated.project_id,
        artifact: { oneCallAddressId: updated.id, emailAddress: updated.email_address },
      },
    );
    return updated;
  });
}

/** The small page the link opens (the app's security headers apply: no script, form posts to itself only). */
export function verificationPage(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            max-width: 32rem;
            margin: 3rem auto;
            padding: 0 1rem;
            line-height: 1.5;
          }
          button {
            font: inherit;
            padding: 0.5rem 1.25rem;
            border-radius: 4px;
            border: 0;
            background: #1565c0;
            color: #fff;
            cursor: pointer;
          }
          @media (prefers-color-scheme: dark) {
            body {
              background: #121212;
              color: #eee;
            }
          }
        </style>
      </head>
      <body>
        <h1>${title}</h1>
        ${body}
      </body>
    </html>`.value;
}
