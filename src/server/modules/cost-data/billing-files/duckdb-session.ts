import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { makeSpillFolder } from './spill-folders.ts';

export interface DuckDbSessionOptions {
  /** DuckDB's memory_limit, e.g. '1GB' (config `DUCKDB_MEMORY_LIMIT`); beyond it DuckDB spills to disk. */
  memoryLimit?: string;
  /** Where the session's spill folder is made (config `DUCKDB_TEMP_DIRECTORY`); the system's temp folder when absent. */
  spillParent?: string;
  threads?: number;
}

/** A private in-memory DuckDB for one billing file, with its own spill folder, removed on close. */
export interface DuckDbSession {
  connection: DuckDBConnection;
  /** The session's own folder (DuckDB spills here): files DuckDB writes for the caller go with it. */
  folder: string;
  close(): void;
}

export const DEFAULT_MEMORY_LIMIT = '1GB';

export async function openDuckDbSession(options: DuckDbSessionOptions = {}): Promise<DuckDbSession> {
  const spill = makeSpillFolder(options.spillParent);
  const settings: Record<string, string> = {
    memory_limit: options.memoryLimit ?? DEFAULT_MEMORY_LIMIT,
    temp_directory: spill.path,
    autoinstall_known_extensions: 'false',
  };
  if (options.threads) settings.threads = String(options.threads);
  let instance: DuckDBInstance | undefined;
  try {
    instance = await DuckDBInstance.create(':memory:', settings);
    const connection = await instance.connect();
    // Days are UTC days; progress is polled by us, never printed.
    await connection.run(
      "SET TimeZone = 'UTC'; SET enable_progress_bar = true; SET enable_progress_bar_print = false",
    );
    const opened = instance;
    return {
      connection,
      folder: spill.path,
      close() {
        connection.closeSync();
        opened.closeSync();
        spill.remove();
      },
    };
  } catch (error) {
    instance?.closeSync();
    spill.remove();
    throw error;
  }
}
