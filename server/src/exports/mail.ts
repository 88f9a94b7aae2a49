import type { Deps } from '../deps.js';
import { appUrl, html } from '../platform/html.js';

/**
 * The e-mail telling the requester that an export is ready (issue #10 §3). It links to the web app's
 * jobs panel rather than the file: the download needs the user's session.
 */
export async function exportDoneMail(deps: Deps, to: string, fileName: string, resultUrl: string): Promise<void> {
  const link = appUrl(deps.config.publicUrl, '/?jobs=EXPORT');
  const text = [
    `Your export ${fileName} is ready.`,
    '',
    `Download it from the Exports tab of the jobs panel in Fieldbook: ${link.href}`,
    `(${resultUrl})`,
  ].join('\n');
  const body = html`<p>Your export <strong>${fileName}</strong> is ready.</p>
    <p>Download it from the Exports tab of the jobs panel in Fieldbook: <a href="${link}">${link}</a></p>`;
  // A mail that cannot be sent must not fail the export: the file is on the job either way.
  await deps.mailer
    .send({ to, subject: `Fieldbook export ${fileName} is ready`, text, html: body })
    .catch((err: unknown) => deps.log.error({ err }, 'export mail not sent'));
}
