import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals small secrets (webhook signing secrets) before they go into events: AES-256-GCM under a key derived
 * from KEY_PEPPER, so the event store never holds them in clear text.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(pepper: string, purpose = 'webhook-secrets') {
    this.key = Buffer.from(hkdfSync('sha256', pepper, Buffer.alloc(0), purpose, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), body.toString('base64'), cipher.getAuthTag().toString('base64')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || !body || !tag) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}
