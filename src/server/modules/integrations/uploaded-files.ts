import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError, badRequest } from '../../plugins/errors.ts';
import { sizeOf } from '../cost-data/billing-files/gzip-integrity.ts';
import {
  type ArchiveLimits,
  expandUploadedArchive,
  isZipFileName,
  UploadArchiveError,
} from './upload-archive.ts';

/** One file of a multipart upload, as it arrives. */
export interface UploadedFile {
  fileName: string;
  /** `truncated` is set once the file passed the per-file limit (UPLOAD_MAX_BYTES). */
  stream: Readable & { truncated?: boolean };
}

export interface UploadLimits {
  /** The largest file one upload may carry (config `UPLOAD_MAX_BYTES`). */
  maxFileBytes: number;
  /**
   * The most one upload puts on disk, its plain files and what its zips expand to together (config
   * `UPLOAD_MAX_EXPANDED_BYTES`): many files each under the per-file limit cannot fill the disk.
   */
  maxExpandedBytes: number;
}

/** The most files one upload carries, sent side by side or in a zip: a month's parts, many months. */
export const MAX_FILES_PER_UPLOAD = 500;

const safeNameOf = (fileName: string) => path.basename(fileName).replace(/[^\w.-]+/g, '_') || 'billing-file';

/**
 * Writes each uploaded file into `folder` (a zip expanded in its place) and answers them as the run will
 * read them. Every refusal is a 4xx naming `file`; the caller removes the folder.
 */
export async function storeUploadedFiles(
  uploads: AsyncIterable<UploadedFile>,
  folder: string,
  limits: UploadLimits,
): Promise<Array<{ path: string; label: string }>> {
  const files: Array<{ path: string; label: string }> = [];
  let storedBytes = 0;
  for await (const upload of uploads) {
    const filePath = path.join(folder, safeNameOf(upload.fileName));
    if (fs.existsSync(filePath)) {
      upload.stream.resume();
      throw badRequest(
        `file: two files of this upload are named ${upload.fileName}: each part has its own name.`,
      );
    }
    try {
      await pipeline(
        upload.stream,
        byteBudget(limits.maxExpandedBytes - storedBytes),
        fs.createWriteStream(filePath),
      );
    } catch (error) {
      if (!(error instanceof OverBudget)) throw error;
      throw new ApiError(
        413,
        'UploadTooLarge',
        `file: this upload's files come to more than ${sizeOf(limits.maxExpandedBytes)} together (UPLOAD_MAX_EXPANDED_BYTES); upload them in several requests.`,
      );
    }
    if (upload.stream.truncated) {
      const limitMb = Math.round(limits.maxFileBytes / 1024 / 1024);
      throw new ApiError(413, 'FileTooLarge', `file: the upload is larger than the limit of ${limitMb} MB.`);
    }
    if (fs.statSync(filePath).size === 0)
      throw badRequest(
        files.length === 0
          ? 'file: the uploaded file is empty.'
          : `file: the uploaded file ${upload.fileName} is empty.`,
      );
    if (isZipFileName(upload.fileName)) {
      // The zips of one upload share the expansion limit: each is given what the ones before left.
      const expanded = await expandArchive(filePath, upload.fileName, folder, {
        maxExpandedBytes: limits.maxExpandedBytes - storedBytes,
        uploadExpandedBytes: limits.maxExpandedBytes,
        maxFiles: MAX_FILES_PER_UPLOAD - files.length,
      });
      for (const file of expanded) storedBytes += fs.statSync(file.path).size;
      files.push(...expanded);
      fs.rmSync(filePath);
    } else {
      storedBytes += fs.statSync(filePath).size;
      files.push({ path: filePath, label: upload.fileName });
    }
    if (files.length > MAX_FILES_PER_UPLOAD) throw tooManyFiles();
  }
  if (files.length === 0) throw badRequest('file: no file was sent.');
  return files;
}

class OverBudget extends Error {}

/** Passes bytes through until `budget` of them have passed; one more fails the stream. */
function byteBudget(budget: number): Transform {
  let passed = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      passed += chunk.length;
      done(passed > budget ? new OverBudget() : null, chunk);
    },
  });
}

const tooManyFiles = () =>
  badRequest(`file: one upload carries at most ${MAX_FILES_PER_UPLOAD} files; upload the rest separately.`);

async function expandArchive(archivePath: string, archive: string, folder: string, limits: ArchiveLimits) {
  try {
    return await expandUploadedArchive(archivePath, archive, folder, limits);
  } catch (error) {
    if (error instanceof UploadArchiveError) throw badRequest(`file: ${error.message}`);
    throw error;
  }
}
