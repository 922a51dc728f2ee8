import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

// The package's exports hide its package.json: read it beside the entry point (dist/index.js).
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const pgliteVersion: string = JSON.parse(
  readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json'), 'utf8'),
).version;
const imageFile = path.join(os.tmpdir(), 'spendguard-test', `pglite-${pgliteVersion}-initdb.tar`);

/**
 * The data directory of a database just after PGlite's initdb, made once per machine and PGlite
 * version and kept in the temp folder. Starting from it takes about 0.6 s; initdb takes 2.5-4 s, and
 * the test suite opens a few hundred databases. It holds no schema, so every test still migrates.
 */
export async function pristinePgliteImage(): Promise<Blob> {
  const kept = await readFile(imageFile).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const pglite = await PGlite.create();
  const image = await pglite.dumpDataDir('none');
  await pglite.close();
  // Two test workers may make it at once: each writes its own file and renames it into place.
  await mkdir(path.dirname(imageFile), { recursive: true });
  const partial = `${imageFile}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await image.arrayBuffer()));
  await rename(partial, imageFile);
  return image;
}
