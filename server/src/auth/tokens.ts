import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { MSG } from '@fieldbook/domain';
import { unauthorized } from '../http/errors.js';

export const ID_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const CHALLENGE_TTL_SECONDS = 15 * 60;

export interface IdClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

/** Signs and checks our tokens: ID tokens (1 h), new-password challenge sessions, opaque refresh tokens. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(private readonly secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async signIdToken(claims: IdClaims): Promise<string> {
    return new SignJWT({ ...claims, token_use: 'id' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(`${ID_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async verifyIdToken(token: string): Promise<IdClaims> {
    return (await this.verify(token, 'id')) as unknown as IdClaims;
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
