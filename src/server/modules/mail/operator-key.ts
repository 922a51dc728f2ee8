import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * The key that opens the mail outbox page. OPERATOR_KEY when set; else generated once under DATA_DIR.
 * Whoever can read the server's log or data folder is the operator.
 */
export function resolveOperatorKey(config: Config): string {
  if (config.operatorKey) return config.operatorKey;
  const file = path.join(config.dataDir, 'operator-key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(18).toString('base64url');
  fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
  return key;
}
