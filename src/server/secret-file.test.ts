import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOrCreateSecretFile } from './secret-file.ts';

const folders: string[] = [];
const secretFileIn = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-secret-'));
  folders.push(folder);
  return path.join(folder, 'data', 'operator-key');
};

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('a secret kept under DATA_DIR', () => {
  it('is generated once, readable by the server only, and the same on the next start', () => {
    const file = secretFileIn();
    const first = readOrCreateSecretFile(file, () => 'first');
    expect(first).toBe('first');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateSecretFile(file, () => 'second')).toBe('first');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['operator-key']);
  });

  it("is the other node's when another node sharing the folder creates it first", () => {
    const file = secretFileIn();
    // Another node starts at the same moment and puts its secret in place while this one writes its own.
    const secret = readOrCreateSecretFile(file, () => {
      readOrCreateSecretFile(file, () => 'the other node');
      return 'this node';
    });
    expect(secret).toBe('the other node');
    expect(fs.readFileSync(file, 'utf8')).toBe('the other node');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['operator-key']);
  });
});
