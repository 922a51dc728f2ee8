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
 * version and kept in the temp folder, and read once per process. Starting from it takes about 0.6 s;
 * initdb takes 2.5-4 s, and the test suite opens about 70 databases. It holds no schema, so every test
 * still migrates. Each call answers its own copy, which the database's thread takes over.
 */
export async function pristinePgliteImage(): Promise<ArrayBuffer> {
  pristineImage ??= readOrMakeImage();
  return (await pristineImage).slice().buffer;
}

let pristineImage: Promise<Uint8Array<ArrayBuffer>> | undefined;

async function readOrMakeImage(): Promise<Uint8Array<ArrayBuffer>> {
  const kept = await readFile(imageFile).catch(() => undefined);
  if (kept) return new Uint8Array(kept);
  const pglite = await PGlite.create();
  const image = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await pglite.close();
  // Two test workers may make it at once: each writes its own file and renames it into place.
  await mkdir(path.dirname(imageFile), { recursive: true });
  const partial = `${imageFile}.${process.pid}.partial`;
  await writeFile(partial, image);
  await rename(partial, imageFile);
  return image;
}
