import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (a status page's AWS secret key), sealed with AES-256-GCM under a key
 * derived from the installation's SECRET_KEY_BASE, as GitLab keeps its encrypted attributes under
 * db_key_base: a database dump alone does not give them away. A sealed value reads
 * `v1:<iv>:<tag>:<ciphertext>`, each part base64.
 */

const VERSION = 'v1';

function keyOf(secretKeyBase: string, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}\0${secretKeyBase}`).digest();
}

export function sealSecret(plaintext: string, secretKeyBase: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKeyBase, purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
    .join(':');
}

/** The plaintext of a sealed value; throws when it was sealed under another key or altered. */
export function openSecret(sealed: string, secretKeyBase: string, purpose: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new Error('The stored secret is not sealed by this installation');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKeyBase, purpose), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new Error('The stored secret cannot be opened: SECRET_KEY_BASE changed since it was saved');
  }
}
