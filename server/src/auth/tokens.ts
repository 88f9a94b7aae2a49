import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { MSG, isUuid } from '@fieldbook/domain';
import { unauthorized } from '../http/errors.js';

/** Short, so a refused session ends soon even where a token is not checked against the database; the web app renews it before expiry. */
export const ID_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const CHALLENGE_TTL_SECONDS = 15 * 60;

export interface IdClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

/** What the server reads back from a verified ID token. */
export interface VerifiedIdToken extends IdClaims {
  /** The refresh token row of the session (sign-out and password changes end it). */
  sid: string;
  /** Issued at, in seconds with milliseconds: compared with the account's last password change. */
  iat: number;
}

/** Signs and checks our tokens: ID tokens (15 min), new-password challenge sessions, opaque refresh tokens. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(private readonly secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async signIdToken(claims: IdClaims, sessionId: string): Promise<string> {
    const now = Date.now() / 1000;
    // A fractional iat (allowed by RFC 7519) orders a token against a password change in the same second.
    return new SignJWT({ ...claims, sid: sessionId, token_use: 'id' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt(now)
      .setExpirationTime(Math.floor(now) + ID_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  async verifyIdToken(token: string): Promise<VerifiedIdToken> {
    const payload = await this.verify(token, 'id');
    if (typeof payload.sid !== 'string' || !isUuid(payload.sid) || typeof payload.iat !== 'number')
      throw unauthorized(MSG.sessionExpired);
    return payload as unknown as VerifiedIdToken;
  }

  async signChallenge(accountId: string): Promise<string> {
    return new SignJWT({ token_use: 'new_password' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(accountId)
      .setIssuedAt()
      .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async verifyChallenge(session: string): Promise<string> {
    return (await this.verify(session, 'new_password')).sub as string;
  }

  newRefreshToken(): string {
    return randomBytes(32).toString('base64url');
  }

  /** Refresh tokens are stored hashed: a database leak does not hand out sessions. */
  hashRefreshToken(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /** Codes are stored as an HMAC bound to the account and purpose. */
  hashCode(accountId: string, purpose: string, code: string): string {
    return createHmac('sha256', this.key).update(`${accountId}:${purpose}:${code}`).digest('hex');
  }

  codeMatches(stored: string, candidate: string): boolean {
    const a = Buffer.from(stored, 'hex');
    const b = Buffer.from(candidate, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private async verify(token: string, use: string) {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.token_use !== use || typeof payload.sub !== 'string') throw unauthorized();
      return payload;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized(MSG.sessionExpired);
      throw unauthorized();
    }
  }
}
