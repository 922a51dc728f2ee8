import { type ChildProcess, spawn } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far. */
  output: () => string;
  /** Its address once it listens; rejects when it exits first. */
  url: Promise<string>;
  exited: Promise<number | null>;
}

/** `src/server/main.ts` (what `npm start` runs after the build), or a CLI, as a real process on DATA_DIR. */
export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  entry = 'src/server/main.ts',
): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      AWS_SIMULATOR: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  url.catch(() => {});
  return { child, output: () => output, url, exited };
}
