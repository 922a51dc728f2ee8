import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { sizeOf } from '../cost-data/billing-files/gzip-integrity.ts';

/** Why an uploaded zip was refused; the route answers it as a 400 on `file`. */
export class UploadArchiveError extends Error {}

export interface ArchiveLimits {
  /** The most the archive's files may expand to, together: what the upload's earlier zips left of it. */
  maxExpandedBytes: number;
  /** The most one upload's zips may expand to (config `UPLOAD_MAX_EXPANDED_BYTES`); the same when omitted. */
  uploadExpandedBytes?: number;
  /** The most files one archive may hold. */
  maxFiles: number;
}

export interface ExpandedBillingFile {
  path: string;
  /** The archive's name and the file's path inside it, as a person recognises it. */
  label: string;
}

interface ArchiveEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;

/** What AWS writes for an export: CSV (legacy CUR, FOCUS), gzip CSV, Parquet (CUR 2.0, FOCUS). */
const BILLING_FILE_NAME = /\.(csv|csv\.gz|parquet)$/i;
/** What macOS's Finder adds to a zip it makes: its own metadata, never opened. */
const ARCHIVER_METADATA = /(^|\/)(__MACOSX\/|\.DS_Store$)/;

export const isZipFileName = (name: string) => /\.zip$/i.test(name);

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = fs.readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

/**
 * The most a zip's list of files may take: read into memory before anything else, it is bounded by this,
 * not by what the archive declares (500 files with names, extras and comments of a few hundred bytes
 * each take well under 1 MB).
 */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

/** The central directory, which names every file with its sizes, read from the end of the archive. */
function readDirectory(fd: number, archiveSize: number, archive: string): ArchiveEntry[] {
  const tailStart = Math.max(0, archiveSize - END_RECORD_SIZE - MAX_COMMENT);
  const tail = readAt(fd, tailStart, archiveSize - tailStart);
  let end = -1;
  for (let at = tail.length - END_RECORD_SIZE; at >= 0; at--)
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  if (end < 0)
    throw new UploadArchiveError(`${archive} is not a readable zip file: it is truncated or corrupt.`);
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff)
    throw new UploadArchiveError(
      `${archive} is a ZIP64 archive, which this server does not read: upload its files, or zip fewer of them.`,
    );
  if (directoryOffset + directorySize > archiveSize)
    throw new UploadArchiveError(`${archive} is not a readable zip file: it is truncated or corrupt.`);
  if (directorySize > MAX_DIRECTORY_BYTES)
    throw new UploadArchiveError(
      `${archive} lists its files in more than ${MAX_DIRECTORY_BYTES / 1024 / 1024} MB, more than any zip of billing files needs: upload its files, or zip fewer of them.`,
    );
  const directory = readAt(fd, directoryOffset, directorySize);
  const entries: ArchiveEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw new UploadArchiveError(`${archive} is not a readable zip file: its list of files is corrupt.`);
    const flags = directory.readUInt16LE(at + 8);
    const nameLength = directory.readUInt16LE(at + 28);
    entries.push({
      name: directory.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      encrypted: (flags & 1) === 1,
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * The archive's billing files, or why it is refused: anything but billing files (folders and macOS's
 * metadata aside), a file encrypted or compressed other than by deflate, two files of one name, or more
 * bytes expanded than the limit allows, as the archive declares them.
 */
function billingEntriesOf(entries: ArchiveEntry[], archive: string, limits: ArchiveLimits): ArchiveEntry[] {
  const files = entries.filter((entry) => !entry.name.endsWith('/') && !ARCHIVER_METADATA.test(entry.name));
  if (files.length === 0) throw new UploadArchiveError(`${archive} holds no files.`);
  if (files.length > limits.maxFiles)
    throw new UploadArchiveError(
      `${archive} holds ${files.length} files, more than the ${limits.maxFiles} one upload may carry.`,
    );
  const names = new Set<string>();
  let expanded = 0;
  for (const entry of files) {
    const name = path.posix.basename(entry.name);
    if (!BILLING_FILE_NAME.test(name))
      throw new UploadArchiveError(
        `${archive} holds ${entry.name}, which is not a billing file (CSV, gzip CSV or Parquet): a zip may hold billing files only.`,
      );
    if (entry.encrypted)
      throw new UploadArchiveError(`${archive} holds ${entry.name} encrypted: zip it without a password.`);
    if (entry.method !== STORED && entry.method !== DEFLATED)
      throw new UploadArchiveError(
        `${archive} holds ${entry.name} compressed in a way this server does not read: zip it with the usual deflate.`,
      );
    if (names.has(name))
      throw new UploadArchiveError(
        `${archive} holds two files named ${name}: each part of a month has its own name.`,
      );
    names.add(name);
    expanded += entry.size;
    if (expanded > limits.maxExpandedBytes)
      throw new UploadArchiveError(
        limits.uploadExpandedBytes === undefined || limits.uploadExpandedBytes === limits.maxExpandedBytes
          ? `${archive} expands to more than ${sizeOf(limits.maxExpandedBytes)}, the most this server reads from one upload (UPLOAD_MAX_EXPANDED_BYTES): it was refused unread.`
          : `${archive} expands to more than ${sizeOf(limits.maxExpandedBytes)}, what the upload's other zips left of the ${sizeOf(limits.uploadExpandedBytes)} this server reads from one upload (UPLOAD_MAX_EXPANDED_BYTES): it was refused unread.`,
      );
  }
  return files;
}

/** Copies bytes on, failing once more pass than the archive declared for the file (a forged size). */
function declaredSizeGuard(declared: number, onExcess: () => Error): Transform {
  let passed = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      passed += chunk.length;
      if (passed > declared) done(onExcess());
      else done(null, chunk);
    },
    flush(done) {
      done(passed === declared ? null : onExcess());
    },
  });
}

async function extractEntry(
  fd: number,
  archivePath: string,
  entry: ArchiveEntry,
  target: string,
  archive: string,
): Promise<void> {
  const header = readAt(fd, entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER)
    throw new UploadArchiveError(`${archive} is not a readable zip file: ${entry.name} is corrupt.`);
  const dataStart = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const corrupt = () =>
    new UploadArchiveError(`${archive} is not a readable zip file: ${entry.name} is corrupt.`);
  const compressed =
    entry.compressedSize === 0
      ? Readable.from([]) // createReadStream would read to the end of the archive without an `end`
      : fs.createReadStream(archivePath, { start: dataStart, end: dataStart + entry.compressedSize - 1 });
  try {
    await pipeline(
      compressed,
      entry.method === DEFLATED && entry.compressedSize > 0 ? createInflateRaw() : new PassThrough(),
      declaredSizeGuard(entry.size, corrupt),
      fs.createWriteStream(target),
    );
  } catch (error) {
    throw error instanceof UploadArchiveError ? error : corrupt();
  }
}

/**
 * Expands an uploaded zip of billing files into `folder`, never past the limits: the archive's own list
 * is checked first, and each file's bytes are counted as they are written, so a zip that understates its
 * sizes is refused too. Answers the files, in the archive's order.
 */
export async function expandUploadedArchive(
  archivePath: string,
  archive: string,
  folder: string,
  limits: ArchiveLimits,
): Promise<ExpandedBillingFile[]> {
  const fd = fs.openSync(archivePath, 'r');
  try {
    const entries = billingEntriesOf(readDirectory(fd, fs.fstatSync(fd).size, archive), archive, limits);
    const files: ExpandedBillingFile[] = [];
    for (const entry of entries) {
      const target = path.join(folder, path.posix.basename(entry.name).replace(/[^\w.-]+/g, '_'));
      if (fs.existsSync(target))
        throw new UploadArchiveError(`${archive} holds ${entry.name}, named as another file of this upload.`);
      await extractEntry(fd, archivePath, entry, target, archive);
      files.push({ path: target, label: `${archive}/${entry.name}` });
    }
    return files;
  } finally {
    fs.closeSync(fd);
  }
}
