import { randomBytes, randomInt } from 'node:crypto';
import type { Deps } from '../deps.js';
import { hashPassword } from '../auth/service.js';
import { appUrl, html } from '../platform/html.js';

/** A temporary password that meets every password rule (it must be replaced at first sign-in). */
export function temporaryPassword(): string {
  const specials = '!#%+=?@';
  return `${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}${randomInt(10)}aZ${specials[randomInt(specials.length)]}`;
}

function verifyMePath(email: string, password: string): string {
  return `/verifyme/${encodeURIComponent(email)}/${encodeURIComponent(password)}`;
}

export interface Invitation {
  /** The hash of the temporary password to store (new accounts), or null (the person keeps theirs). */
  passwordHash: string | null;
  send: () => Promise<void>;
}

/**
 * The invitation of an account the organization creates: a fresh temporary password (new-password
 * challenge at first sign-in), mailed after the caller stores its hash.
 */
export async function newAccountInvitation(
  deps: Deps,
  email: string,
  organizationName: string,
  invitedBy: string,
): Promise<Invitation> {
  const password = temporaryPassword();
  const link = appUrl(deps.config.publicUrl, verifyMePath(email, password));
  const signin = appUrl(deps.config.publicUrl, '/signin');
  return {
    passwordHash: await hashPassword(password),
    send: () =>
      deps.mailer.send({
        to: email,
        subject: `You are invited to ${organizationName} on Fieldbook`,
        text: [
          `${invitedBy} invited you to join ${organizationName} on Fieldbook.`,
          '',
          `Open this link to sign in and choose your password: ${link.href}`,
          '',
          `Or sign in at ${signin.href} with`,
          `  e-mail: ${email}`,
          `  temporary password: ${password}`,
        ].join('\n'),
        html: html`<p>${invitedBy} invited you to join <strong>${organizationName}</strong> on Fieldbook.</p>
          <p><a href="${link}">Sign in and choose your password</a></p>
          <p>
            Or sign in at <a href="${signin}">${signin}</a> with your e-mail and the temporary password
            <code>${password}</code>.
          </p>`,
      }),
  };
}

/**
 * The invitation of a person who already has an account: they keep their password and accept or
 * decline in the app. The password is hashed anyway (and dropped) so that adding an existing
 * address takes as long as adding a new one.
 */
export async function existingAccountInvitation(
  deps: Deps,
  email: string,
  organizationName: string,
  invitedBy: string,
): Promise<Invitation> {
  await hashPassword(temporaryPassword());
  const signin = appUrl(deps.config.publicUrl, '/signin');
  return {
    passwordHash: null,
    send: () =>
      deps.mailer.send({
        to: email,
        subject: `You are invited to ${organizationName} on Fieldbook`,
        text: `${invitedBy} invited you to join ${organizationName} on Fieldbook.\n\nSign in at ${signin.href} to accept or decline the invitation. Until you accept, ${organizationName} sees only your e-mail address.`,
        html: html`<p>${invitedBy} invited you to join <strong>${organizationName}</strong> on Fieldbook.</p>
          <p>
            <a href="${signin}">Sign in</a> to accept or decline the invitation. Until you accept, ${organizationName}
            sees only your e-mail address.
          </p>`,
      }),
  };
}
