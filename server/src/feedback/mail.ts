import type { MailMessage } from '../platform/mail.js';
import { html } from '../platform/html.js';

/** The feedback mail to the operator: the title and message are the user's text, shown as text. */
export function feedbackMail(
  to: string,
  from: { email: string; organizationId: string },
  title: string,
  message: string,
): MailMessage {
  return {
    to,
    subject: `Fieldbook feedback: ${title}`,
    text: `From ${from.email} (organization ${from.organizationId})\n\n${message}`,
    html: html`<p>From ${from.email} (organization ${from.organizationId})</p>
      <h3>${title}</h3>
      <p style="white-space:pre-wrap">${message}</p>`,
  };
}
