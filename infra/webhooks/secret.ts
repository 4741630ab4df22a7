import { randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_MAX_BYTES, formatWebhookSecret } from '../../domain/webhooks/secret.js';

/** A fresh account signing secret: `whsec_` + base64 of 32 bytes from the CSPRNG. */
export const newWebhookSecret = (): string => formatWebhookSecret(randomBytes(WEBHOOK_SECRET_MAX_BYTES));
