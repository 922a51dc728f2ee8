import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config.ts';
import { readOrCreateSecretFile } from '../secret-file.ts';

/**
 * BETTER_AUTH_SECRET signs sessions and tokens. Without it, one is generated once and kept under DATA_DIR
 * (readable by the server's user only), so restarts keep everyone signed in.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  return readOrCreateSecretFile(path.join(config.dataDir, 'auth-secret'), () =>
    randomBytes(48).toString('base64url'),
  );
}
