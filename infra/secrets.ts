import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import { newPayloadKey, parsePayloadKeys, type PayloadKey } from './temporal/payload-codec.js';

export interface Secrets {
  adminToken: string;
  /** Where the admin token lives when it was not given in the environment. */
  adminTokenFile: string | null;
  keyPepper: string;
  /** Sealing Temporal payloads: the first key seals, all open (TEMPORAL_PAYLOAD_KEYS). */
  payloadKeys: PayloadKey[];
  /** Wrapping the event store's data keys (DATA_MASTER_KEYS): the first wraps, all unwrap. */
  dataMasterKeys: PayloadKey[];
  /** Signing the ledger statements (LEDGER_SIGNING_KEY): Ed25519 seeds, the first signs, all are published. */
  ledgerSigningKeys: PayloadKey[];
}

// A secret from the environment wins; otherwise one generated once and kept under DATA_DIR, so that
// every process sharing the directory (and a restart) sees the same value.
function fileSecret(
  dataDir: string,
  name: string,
  make = () => randomBytes(32).toString('base64url'),
): { value: string; file: string } {
  const file = path.join(dataDir, name);
  try {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length >= 16) return { value, file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const value = make();
  try {
    writeFileSync(file, value + '\n', { mode: 0o600, flag: 'wx' });
    return { value, file };
  } catch (error) {
    // Another process won the race to create it: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fileSecret(dataDir, name, make);
    throw error;
  }
}

export function resolveSecrets(config: Config): Secrets {
  const admin = config.ADMIN_TOKEN ? null : fileSecret(config.DATA_DIR, 'admin-token');
  return {
    adminToken: config.ADMIN_TOKEN ?? admin!.value,
    adminTokenFile: admin?.file ?? null,
    keyPepper: config.KEY_PEPPER ?? fileSecret(config.DATA_DIR, 'key-pepper').value,
    // A random id: processes that generated keys of their own (no shared DATA_DIR) say which key they lack rather
    // than failing to authenticate. To rotate a generated key, put a new entry first in the file: `new=…,old=…`.
    payloadKeys:
      config.TEMPORAL_PAYLOAD_KEYS ??
      parsePayloadKeys(
        fileSecret(config.DATA_DIR, 'temporal-payload-keys', () => newPayloadKey(`k${randomBytes(4).toString('hex')}`))
          .value,
      ),
    dataMasterKeys:
      config.DATA_MASTER_KEYS ??
      parsePayloadKeys(
        fileSecret(config.DATA_DIR, 'data-master-keys', () => newPayloadKey(`m${randomBytes(4).toString('hex')}`))
          .value,
      ),
    // An Ed25519 seed is 32 random bytes too: the same `id=base64` entries.
    ledgerSigningKeys:
      config.LEDGER_SIGNING_KEY ??
      parsePayloadKeys(
        fileSecret(config.DATA_DIR, 'ledger-signing-keys', () => newPayloadKey(`l${randomBytes(4).toString('hex')}`))
          .value,
      ),
  };
}
