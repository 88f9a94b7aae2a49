import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameters that carry a secret: client keys, codes, tokens, passwords (compared lower-case). */
const SECRET_PARAMS = new Set([
  'key',
  'code',
  'token',
  'refreshtoken',
  'refresh_token',
  'idtoken',
  'id_token',
  'access_token',
  'password',
  'secret',
  'signature',
]);

/** Path segments that are a secret: the capture group is what gets replaced. */
const SECRET_SEGMENTS: RegExp[] = [
  /^(\/verifyme\/[^/?]*\/)([^/?]+)/i, // invitation: /verifyme/<email>/<temporary password>
  /^(\/files\/upload\/)([^/?]+)/i, // signed upload URL
  /^(\/rest\/forms\/view\/)([^/?]+)/i, // signed form view URL
  /^(\/files\/feature-forms\/)([^/?]+)/i, // signed form page of the form dialog
  /^(\/files\/feature-pdf\/)([^/?]+)/i, // signed URL of a feature's PDF
  /^(\/files\/attachments(?:-zip)?\/)([^/?]+)/i, // signed URL of an attachment or a feature's zip
  /^(\/rest\/onecall\/email\/verify\/)([^/?]+)/i, // one-call address verification link
  /^(\/rest\/organization-permissions\/)([^/?]+)$/i, // sharing code (not /:action/:id)
  /^(\/rest\/subscriptions\/)([^/?]+)/i, // push token
  /^(\/rest\/notification-interests\/(?:[^/?]+\/)*)([^/?]+)/i, // push token, last segment
];

const decodedName = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
};

/** The URL as it may be logged: secret path segments and query values replaced, the rest as sent. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt < 0 ? url : url.slice(0, queryAt);
  for (const pattern of SECRET_SEGMENTS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq >= 0 && SECRET_PARAMS.has(decodedName(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${path}?${query.join('&')}`;
}

/**
 * Logger options of the app: the request serializer logs the redacted URL (Fastify's default logs it
 * whole), and `redact` blanks credentials wherever a log line carries headers or a request body.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
        'body.password',
        'body.newPassword',
        'body.oldPassword',
        'body.previousPassword',
        'body.proposedPassword',
        'body.refreshToken',
        'body.code',
        'body.token',
        'refreshToken',
        'idToken',
        'password',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
