import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isIsoDay } from '../../../domain/calendar-days.ts';
import { baseName, type ExportManifest, type KeptMonth } from '../../../domain/export-month-parts.ts';

/** A billing file as a run reads it. */
export interface PartFile {
  path: string;
  label: string;
}

interface MonthRecord {
  parts: Array<{ file: string; label: string }>;
  manifest: ExportManifest | null;
}

const RECORD = 'month.json';
/** Beside an upload's files: the manifests it carried, read once the run has replaced its month. */
const UPLOAD_MANIFESTS = 'upload-manifests.json';

/** A hard link costs no copy (DATA_DIR is one file system); a copy where it is not; never over a file. */
function linkOrCopy(from: string, to: string): void {
  try {
    fs.linkSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
  }
}

/**
 * Where an upload's folder holds the month's kept parts: a folder no uploaded file can be named (an
 * upload's names have no spaces), so a new part named like a kept one never takes its place.
 */
const KEPT_PARTS_FOLDER = 'kept parts';

/**
 * The parts of each month an upload integration holds, kept under `DATA_DIR/month-parts/<integration>/
 * <YYYY-MM-01>/` with the month's manifest, so that a part uploaded later is read together with them
 * (decision 085). The only reader and writer of that folder: a month's parts are replaced whole, and go
 * with the month's replacement by a file that is not a part, or with the integration.
 */
/** Longest file name the file system takes, in bytes. */
const MAX_FILE_NAME_BYTES = 255;

/**
 * A prefix and a file's name as one name the file system takes: the name's start is cut where the two
 * pass 255 bytes, so its end (`-2.csv.gz`, which says how to read it) stays.
 */
export function fileNameWithin(prefix: string, name: string): string {
  const characters = [...name];
  while (Buffer.byteLength(prefix + characters.join('')) > MAX_FILE_NAME_BYTES) characters.shift();
  return prefix + characters.join('');
}

export function createKeptMonthParts(dataDir: string) {
  const root = path.join(dataDir, 'month-parts');
  const folderOf = (integrationId: string, period: string) => path.join(root, integrationId, period);

  function readRecord(folder: string): MonthRecord | undefined {
    try {
      return JSON.parse(fs.readFileSync(path.join(folder, RECORD), 'utf8')) as MonthRecord;
    } catch {
      return undefined;
    }
  }

  /** The months kept for an integration, oldest first. */
  function list(integrationId: string): KeptMonth[] {
    const folder = path.join(root, integrationId);
    if (!fs.existsSync(folder)) return [];
    return fs
      .readdirSync(folder)
      .filter((entry) => /^\d{4}-\d{2}-01$/.test(entry) && isIsoDay(entry))
      .sort()
      .flatMap((period) => {
        const record = readRecord(path.join(folder, period));
        return record
          ? [
              {
                billingPeriod: period,
                parts: record.parts.map((part) => part.label),
                manifest: record.manifest,
              },
            ]
          : [];
      });
  }

  /** The kept files of a month, as a run reads them. */
  function filesOf(integrationId: string, period: string): PartFile[] {
    const folder = folderOf(integrationId, period);
    return (readRecord(folder)?.parts ?? []).map((part) => ({
      path: path.join(folder, part.file),
      label: part.label,
    }));
  }

  /** Replaces what is kept of a month with these files (linked, not moved: the run's folder goes). */
  function keep(integrationId: string, period: string, files: PartFile[], manifest: ExportManifest | null) {
    const folder = folderOf(integrationId, period);
    const next = `${folder}.${randomBytes(4).toString('hex')}.new`;
    fs.mkdirSync(next, { recursive: true });
    const parts = files.map((file, index) => {
      const name = fileNameWithin(`${index + 1}-`, path.basename(file.label));
      linkOrCopy(file.path, path.join(next, name));
      return { file: name, label: file.label };
    });
    fs.writeFileSync(path.join(next, RECORD), JSON.stringify({ parts, manifest } satisfies MonthRecord));
    fs.rmSync(folder, { recursive: true, force: true });
    fs.renameSync(next, folder);
  }

  /** Keeps a manifest that came without its parts, beside the month's parts (or before them). */
  function keepManifest(integrationId: string, manifest: ExportManifest): void {
    const period = manifest.billingPeriod;
    keep(integrationId, period, filesOf(integrationId, period), manifest);
  }

  /** Links a month's kept parts into an upload's folder (those re-uploaded under the same name left out). */
  function linkInto(integrationId: string, period: string, folder: string, except: Set<string>): PartFile[] {
    const within = path.join(folder, KEPT_PARTS_FOLDER, period);
    fs.mkdirSync(within, { recursive: true });
    return filesOf(integrationId, period)
      .filter((file) => !except.has(file.label))
      .map((file, index) => {
        const linked = path.join(within, fileNameWithin(`kept-${index + 1}-`, path.basename(file.label)));
        linkOrCopy(file.path, linked);
        return { path: linked, label: file.label };
      });
  }

  function remove(integrationId: string, periods?: string[]): void {
    if (!periods) fs.rmSync(path.join(root, integrationId), { recursive: true, force: true });
    else
      for (const period of periods)
        fs.rmSync(folderOf(integrationId, period), { recursive: true, force: true });
  }

  /** Writes the manifests an upload carried beside its files, for `keepAfterRun`. */
  function noteUploadManifests(folder: string, manifests: ExportManifest[]): void {
    if (manifests.length > 0)
      fs.writeFileSync(path.join(folder, UPLOAD_MANIFESTS), JSON.stringify(manifests));
  }

  /**
   * After an upload's run replaced its months: a run of one month keeps its files as the month's parts
   * (with the manifest the upload carried); a run of several months drops what was kept of them, since
   * which file holds which month is not known here, and those months are now whole files.
   */
  function keepAfterRun(integrationId: string, billingPeriods: string[], files: PartFile[]): void {
    const [period, ...others] = billingPeriods;
    if (!period || others.length > 0 || files.length === 0) {
      remove(integrationId, billingPeriods);
      return;
    }
    let manifests: ExportManifest[] = [];
    try {
      const folder = path.dirname(files[0]?.path ?? '');
      manifests = JSON.parse(
        fs.readFileSync(path.join(folder, UPLOAD_MANIFESTS), 'utf8'),
      ) as ExportManifest[];
    } catch {
      // The upload carried no manifest.
    }
    // The month keeps the manifest it had while every part read is one that manifest lists.
    const previous = list(integrationId).find((month) => month.billingPeriod === period)?.manifest;
    const listsEvery = previous && files.every((file) => previous.parts.includes(baseName(file.label)));
    const uploaded = manifests.find((manifest) => manifest.billingPeriod === period);
    keep(integrationId, period, files, uploaded ?? (listsEvery ? previous : null));
  }

  return { list, filesOf, keep, keepManifest, linkInto, remove, noteUploadManifests, keepAfterRun };
}

export type KeptMonthParts = ReturnType<typeof createKeptMonthParts>;
