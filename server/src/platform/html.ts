/**
 * HTML for mails. `html` is a tagged template that escapes every interpolated value, so a name or
 * a message typed by a user (an organization called `<a href="https://evil.test">`) arrives as text.
 * Fragments built by `html` itself nest unescaped. A value in an `href` must be an `AppUrl`: only
 * links into our own web app (PUBLIC_URL) are ever mailed.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** A link into the web app, made only by `appUrl`. */
export class AppUrl {
  constructor(readonly href: string) {}
  toString(): string {
    return this.href;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const HREF_OPEN = /\bhref\s*=\s*["']?$/i;

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    if (HREF_OPEN.test(out) && !(value instanceof AppUrl))
      throw new Error('A mailed link must be an AppUrl (PUBLIC_URL)');
    const text =
      value instanceof SafeHtml
        ? value.value
        : escapeHtml(String(value instanceof AppUrl ? value.href : (value ?? '')));
    out += text + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** `path` (with its query, already encoded) under PUBLIC_URL; anything that would leave it throws. */
export function appUrl(publicUrl: string, path: string): AppUrl {
  const base = new URL(publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`Not a path of the web app: ${path}`);
  const url = new URL(`${base.pathname.replace(/\/$/, '')}${path}`, base);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname.replace(/\/$/, ''))) {
    throw new Error(`Link outside PUBLIC_URL: ${path}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Not a web link: ${url.protocol}`);
  return new AppUrl(url.href);
}
