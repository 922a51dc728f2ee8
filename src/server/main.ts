import { InvalidConfiguration, parseConfig } from './config.ts';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock.ts';

try {
  // The configuration and the embedded database's folder first: a wrong configuration, or a folder another
  // process uses, is named in a second, before the server's modules load.
  const config = parseConfig();
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  const { startServer } = await import('./server.ts');
  const server = await startServer(config, lock);
  server.context.log.info(`Spendguard is running at ${server.context.config.publicUrl}`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.context.log.info({ signal }, 'shutting down: finishing requests and jobs');
    await server.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
} catch (error) {
  const known = error instanceof DataDirInUseError || error instanceof InvalidConfiguration;
  const message = known ? error.message : (error as Error).stack;
  console.error(`Spendguard could not start: ${message}`);
  process.exit(1);
}
