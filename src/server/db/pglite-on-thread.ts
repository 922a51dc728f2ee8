import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface ThreadStart {
  dataDir?: string;
  /** A data directory from PGlite's `dumpDataDir` to start from instead of initdb (tests). */
  image?: ArrayBuffer;
  /** PGlite's WebAssembly compiled once per process and shared by its threads, and its file bundle. */
  compiled: CompiledPglite;
}

export interface CompiledPglite {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: ArrayBuffer;
}

const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
let compiling: Promise<CompiledPglite> | undefined;

/**
 * Compiled on the first start: every later database of the process (a test file's, say) starts on the
 * same compiled code, already optimized by V8, instead of compiling 10 MB of WebAssembly again.
 */
function compiledPglite(): Promise<CompiledPglite> {
  compiling ??= (async () => {
    const [pglite = Buffer.alloc(0), initdb = Buffer.alloc(0), fsBundle = Buffer.alloc(0)] =
      await Promise.all(
        ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(path.join(pgliteDist, file))),
      );
    return {
      pgliteWasmModule: await WebAssembly.compile(new Uint8Array(pglite)),
      initdbWasmModule: await WebAssembly.compile(new Uint8Array(initdb)),
      fsBundle: new Uint8Array(fsBundle).buffer,
    };
  })();
  return compiling;
}

export type ThreadRequest = { id: number } & (
  | { kind: 'query'; sql: string; params: unknown[]; copyRows?: string; copyFile?: string }
  | { kind: 'exec'; sql: string }
  | { kind: 'close' }
);

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

export interface ThreadAnswer {
  id: number;
  result?: { rows: unknown[]; affectedRows?: number };
  error?: Record<string, unknown>;
}

/**
 * The worker is TypeScript: a two-line bootstrap registers tsx's loader in the new thread, then loads it,
 * whichever runner (tsx, Vitest) started this process (a loader given by `--import` does not reach a
 * worker thread on Node 20).
 */
// require.resolve answers the CommonJS build of tsx's API; its ES module build sits beside it.
const tsxApiCjs = createRequire(import.meta.url).resolve('tsx/esm/api');
const tsxApi = pathToFileURL(path.join(path.dirname(tsxApiCjs), 'index.mjs')).href;
const threadModule = new URL('./pglite-thread.ts', import.meta.url).href;
const bootstrap = `import(${JSON.stringify(tsxApi)})
  .then(({ register }) => { register(); return import(${JSON.stringify(threadModule)}); });`;

/**
 * PGlite on a thread of its own (decision 064), with the part of PGlite's API the app uses: `query`
 * (what Kysely's PGlite dialect calls), `exec` (pg-boss's multi-statement SQL), a COPY from text and
 * `close`. Statements still run one at a time, in the order they are sent.
 */
export class PGliteOnThread {
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private nextId = 1;
  private exited: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: ThreadAnswer) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(rebuildError(message.error));
      else waiting.resolve(message.result);
    });
    worker.on('exit', (code) => {
      this.exited = new Error(`The embedded database's thread stopped (exit code ${code})`);
      for (const waiting of this.pending.values()) waiting.reject(this.exited);
      this.pending.clear();
    });
  }

  static async start(options: Omit<ThreadStart, 'compiled'>): Promise<PGliteOnThread> {
    const start: ThreadStart = { ...options, compiled: await compiledPglite() };
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: start,
      transferList: start.image ? [start.image] : [],
    });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (message: { ready: boolean; error?: Record<string, unknown> }) => {
        if (message.ready) resolve();
        else reject(rebuildError(message.error ?? { message: 'PGlite did not start' }));
      });
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`The embedded database's thread exited (code ${code})`)),
      );
    });
    return new PGliteOnThread(worker);
  }

  private send<T>(request: DistributiveOmit<ThreadRequest, 'id'>): Promise<T> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query(sql: string, params: unknown[] = []): Promise<{ rows: unknown[]; affectedRows?: number }> {
    return this.send({ kind: 'query', sql, params });
  }

  /** `COPY … FROM '/dev/blob'` with the rows in COPY's text format. */
  copyFrom(sql: string, rows: string): Promise<{ rows: unknown[] }> {
    return this.send({ kind: 'query', sql, params: [], copyRows: rows });
  }

  /** `COPY … FROM '/dev/blob'` with the rows of a file, which the database's thread reads. */
  copyFromFile(sql: string, file: string): Promise<{ rows: unknown[] }> {
    return this.send({ kind: 'query', sql, params: [], copyFile: file });
  }

  exec(sql: string): Promise<{ rows: unknown[] }> {
    return this.send({ kind: 'exec', sql });
  }

  async close(): Promise<void> {
    if (this.exited) return;
    await this.send({ kind: 'close' });
    await this.worker.terminate();
  }
}

function rebuildError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'database error'));
  Object.assign(error, fields);
  return error;
}
