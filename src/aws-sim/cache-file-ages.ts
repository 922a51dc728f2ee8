import { stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Cached files age on the file system's own clock: the kernel stamps a file it writes, and a process
 * whose clock is shifted (a test under `faketime`, a simulated company's day) must neither prune a
 * file another process still reads nor keep one forever. "Now" is the time the kernel gives a marker
 * file written in the same folder.
 */
export async function fileSystemNow(directory: string): Promise<Date> {
  const marker = path.join(directory, '.now');
  await writeFile(marker, '');
  return (await stat(marker)).mtime;
}

/** Marks a reused file as fresh on the file system's clock. */
export async function touchOnFileSystemClock(file: string): Promise<void> {
  const now = await fileSystemNow(path.dirname(file));
  await utimes(file, now, now);
}
