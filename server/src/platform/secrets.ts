import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';

/** The credential key, derived from the server's secret: a database copy alone does not reveal them. */
function keyOf(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'fieldbook', 'stored-credentials', 32));
}

/**
 * Credentials the server must send on to someone else (an external service's password) are stored
 * sealed with AES-256-GCM. A new server secret makes them unreadable: the user enters them again.
 */
export function sealSecret(serverSecret: string, plain: string): string {
  if (plain === '') return plain;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The plain credential; values stored before sealing existed are returned as they are. */
export function openSecret(serverSecret: string, stored: string | null | undefined): string | undefined {
  if (!stored) return undefined;
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined; // sealed under another server secret
  }
}
