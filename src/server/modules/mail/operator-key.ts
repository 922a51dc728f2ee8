import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { readOrCreateSecretFile } from '../../secret-file.ts';

/**
 * The key that opens the mail outbox page. OPERATOR_KEY when set; else generated once under DATA_DIR.
 * Whoever can read the server's log or data folder is the operator.
 */
export function resolveOperatorKey(config: Config): string {
  if (config.operatorKey) return config.operatorKey;
  return readOrCreateSecretFile(path.join(config.dataDir, 'operator-key'), () =>
    randomBytes(18).toString('base64url'),
  );
}
