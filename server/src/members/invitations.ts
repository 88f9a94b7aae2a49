import { randomBytes, randomInt } from 'node:crypto';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import { hashPassword } from '../auth/service.js';
import { updateAccount } from '../accounts/store.js';

/** A temporary password that meets every password rule (it must be replaced at first sign-in). */
export function temporaryPassword(): string {
  const specials = '!#%+=?@';
  return `${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}${randomInt(10)}aZ${specials[randomInt(specials.length)]}`;
}

export function verifyMeLink(publicUrl: string, email: string, password: string): string {
  return `${publicUrl}/verifyme/${encodeURIComponent(email)}/${encodeURIComponent(password)}`;
}

/** Sets a fresh temporary password (new-password challenge at next sign-in) and mails the invitation. */
export async function sendInvitation(deps: Deps, db: Executor, account: { id: string; email: string }, organizationName: string, invitedBy: string) {
  const password = temporaryPassword();
  await updateAccount(db, account.id, { password_hash: await hashPassword(password), must_change_password: true });
  const link = verifyMeLink(deps.config.publicUrl, account.email, password);
  return async () => {
    await deps.mailer.send({
      to: account.email,
      subject: `You are invited to ${organizationName} on Fieldbook`,
      text: [
        `${invitedBy} invited you to join ${organizationName} on Fieldbook.`,
        '',
        `Open this link to sign in and choose your password: ${link}`,
        '',
        `Or sign in at ${deps.config.publicUrl}/signin with`,
        `  e-mail: ${account.email}`,
        `  temporary password: ${password}`,
      ].join('\n'),
      html: `<p>${invitedBy} invited you to join <strong>${organizationName}</strong> on Fieldbook.</p>
<p><a href="${link}">Sign in and choose your password</a></p>
<p>Or sign in at ${deps.config.publicUrl}/signin with your e-mail and the temporary password <code>${password}</code>.</p>`,
    });
  };
}

/** An existing Fieldbook user added to another organization keeps their password. */
export function addedToOrganizationMail(deps: Deps, email: string, organizationName: string, invitedBy: string) {
  return () =>
    deps.mailer.send({
      to: email,
      subject: `You were added to ${organizationName} on Fieldbook`,
      text: `${invitedBy} added you to ${organizationName} on Fieldbook.\n\nSign in at ${deps.config.publicUrl}/signin and choose the organization in the project panel or the settings.`,
    });
}
