import type { MailMessage } from '../platform/mail.js';
import { appUrl, html } from '../platform/html.js';

/** The identity mails. The code is the first line of the text so the outbox log shows it. */
export function codeMail(
  to: string,
  purpose: 'signup' | 'reset' | 'verify_email',
  code: string,
  publicUrl: string,
): MailMessage {
  const what = {
    signup: { subject: 'Your Fieldbook confirmation code', action: 'confirm your sign-up', path: '/confirm-signup' },
    reset: { subject: 'Your Fieldbook password reset code', action: 'reset your password', path: '/reset-password' },
    verify_email: {
      subject: 'Verify your Fieldbook e-mail',
      action: 'verify your e-mail address',
      path: '/verify-email',
    },
  }[purpose];
  const text = [
    `Your verification code is ${code}`,
    '',
    `Enter it in Fieldbook to ${what.action}: ${publicUrl}${what.path}`,
    'The code is valid for 15 minutes and can be used once.',
    'If you did not ask for it, you can ignore this e-mail.',
  ].join('\n');
  const link = appUrl(publicUrl, what.path);
  const body = html`<p>Your verification code is <strong style="font-size:20px;letter-spacing:2px">${code}</strong></p>
    <p>Enter it in Fieldbook to ${what.action}: <a href="${link}">${link}</a></p>
    <p>The code is valid for 15 minutes and can be used once.</p>`;
  return { to, subject: what.subject, text, html: body };
}
