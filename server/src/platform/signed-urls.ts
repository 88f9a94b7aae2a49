import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

/**
 * Short-lived signed URLs: `<path>/<JWT>`, the token naming what the URL grants, so a browser can use
 * it without its session (an upload, a page in an iframe). Each purpose signs with a key of its own,
 * so a token made for one purpose is worthless for another.
 */
export class SignedUrls<Grant extends object> {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    purpose: string,
    private readonly path: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(`${purpose}:${secret}`);
  }

  async create(grant: Grant): Promise<string> {
    const token = await new SignJWT({ ...grant } as JWTPayload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
    // Relative: the browser uses the origin it loaded the app from.
    return `${this.path}/${token}`;
  }

  async verify(token: string): Promise<Grant | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return payload as unknown as Grant;
    } catch {
      return null;
    }
  }
}
