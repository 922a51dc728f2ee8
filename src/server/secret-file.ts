import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret generated once and kept in a file under DATA_DIR (readable by the server's user only).
 * Nodes that share DATA_DIR may start together: each writes its candidate to a file of its own and
 * hard-links it into place, which succeeds for one of them only and never shows a half-written file,
 * so every node reads the same secret.
 */
export function readOrCreateSecretFile(file: string, generate: () => string): string {
  const existing = readSecret(file);
  if (existing !== undefined) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const candidate = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  fs.writeFileSync(candidate, generate(), { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(candidate, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(candidate, { force: true });
  }
  const secret = readSecret(file);
  if (secret === undefined) throw new Error(`${file} vanished while it was being created`);
  return secret;
}

function readSecret(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
