import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { ThreadAnswer, ThreadRequest, ThreadStart } from './pglite-on-thread.ts';
import { pgliteParsers } from './type-parsers.ts';

/**
 * The embedded database's own thread (decision 064): PGlite runs PostgreSQL compiled to WebAssembly,
 * and each statement runs synchronously on the thread that calls it. Here, a swap of a month's facts
 * holds this thread, not the one that answers requests.
 */

const start = workerData as ThreadStart;
const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs as a worker thread');

/** What a PostgreSQL error carries (code, detail, constraint...), as plain data the other thread rebuilds. */
function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { ...fields, message: error.message, name: error.name };
}

async function answer(pglite: PGlite, request: ThreadRequest): Promise<ThreadAnswer['result']> {
  switch (request.kind) {
    case 'query': {
      const result = await pglite.query(request.sql, request.params, await blobOf(request));
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await pglite.exec(request.sql);
      return { rows: results[results.length - 1]?.rows ?? [] };
    }
    case 'close':
      await pglite.close();
      return { rows: [] };
  }
}

/** What a COPY reads from /dev/blob: rows sent as text, or a file's bytes as read, not copied again. */
async function blobOf(
  request: Extract<ThreadRequest, { kind: 'query' }>,
): Promise<{ blob: Blob } | undefined> {
  if (request.copyRows !== undefined) return { blob: new Blob([request.copyRows]) };
  if (request.copyFile === undefined) return undefined;
  const bytes = await readFile(request.copyFile);
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return {
    blob: new BytesBlob(
      whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    ),
  };
}

/**
 * Bytes PGlite reads as a Blob. Node 20 builds a Blob and reads it back in small chunks: 0.3-1.2 s each
 * way for the tests' 40 MB starting image, which had made opening a test database take 3.6 s (decision 071).
 */
class BytesBlob extends Blob {
  constructor(private readonly contents: ArrayBuffer) {
    super();
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.contents);
  }
}

try {
  const pglite = await PGlite.create({
    dataDir: start.dataDir,
    loadDataDir: start.image ? new BytesBlob(start.image) : undefined,
    pgliteWasmModule: start.compiled.pgliteWasmModule,
    initdbWasmModule: start.compiled.initdbWasmModule,
    fsBundle: new BytesBlob(start.compiled.fsBundle),
    parsers: pgliteParsers,
  });
  port.on('message', (request: ThreadRequest) => {
    answer(pglite, request).then(
      (result) => port.postMessage({ id: request.id, result } satisfies ThreadAnswer),
      (error: unknown) =>
        port.postMessage({ id: request.id, error: describeError(error) } satisfies ThreadAnswer),
    );
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: describeError(error) });
}
