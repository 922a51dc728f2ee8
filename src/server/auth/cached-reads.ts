/**
 * The reads nearly every request repeats — who is asking (session, user, membership), the plan, the team
 * scope, the time zone, the integration — kept on this node for at most `ttlMs` (decision 052).
 *
 * - Staleness is bounded by the TTL from the moment a read *started*, so a change made anywhere (another
 *   node sharing PostgreSQL, the operator CLI, a direct SQL update) is seen within `ttlMs` (≤ 1 s).
 * - On this node, `forgetAll()` after every request that may change them (plugins/cached-reads-invalidation.ts)
 *   and after an ingest, so the writer's next request already sees its change.
 * - Concurrent misses of one key share one read; a read cleared by `forgetAll` while it ran is not kept.
 * - Read again ahead (decision 066): a hit on a value more than half its TTL old starts a new read in
 *   the background, which replaces the value when it answers. A key asked for steadily is then never
 *   read on a request's own time, even while background work slows the database or the event loop, and
 *   the bound above is unchanged: a value still serves at most `ttlMs` from the start of its read.
 * - `busy`, on the embedded database only (decision 064): a refresh that has not answered within
 *   `graceMs`, because a write holds the one connection, is answered by the last value read, if that read
 *   started less than `limitMs` ago. On PGlite this process is the database's only writer and every
 *   request that changes these reads empties the cache first, so until the holding write commits the
 *   last value is still what the database holds; the clock's own checks (plan expiry, the session's
 *   end) run on every hit regardless.
 *
 * Values are shared between requests: callers must not mutate them.
 */
export interface CachedReads {
  /** The value under `key`, read by `load` when absent or older than the TTL; `keep(value)` false: not kept. */
  read<T>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  /** Drops every entry: the next read of each key goes to the database. */
  forgetAll(): void;
}

/** Every read goes to the database (a TTL of 0, and services built outside the app, such as in the CLI). */
export const UNCACHED_READS: CachedReads = {
  read: (_key, load) => load(),
  forgetAll() {},
};

/** Longest TTL: nodes sharing PostgreSQL must see each other's sign-outs, role and plan changes within it. */
export const MAX_CACHED_READ_MS = 1_000;

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
  /** From when a hit starts the next read in the background; Infinity until this read answered and once it has. */
  refreshAt: number;
}

/** On the embedded database: how long a refresh may take before the last value answers, and its age limit. */
export interface WhileBusy {
  graceMs: number;
  limitMs: number;
}

/** Resolves with `value` if it settles within `ms`, else with `instead`. */
function within<T>(value: Promise<T>, ms: number, instead: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => instead.then(resolve, reject), ms);
    value.then(
      (result) => {
        clearTimeout(timer);
        resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export function createCachedReads(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  busy?: WhileBusy;
}): CachedReads {
  const ttlMs = Math.min(options.ttlMs, MAX_CACHED_READ_MS);
  if (ttlMs <= 0) return UNCACHED_READS;
  const maxEntries = options.maxEntries ?? 20_000;
  const now = options.now ?? (() => performance.now());
  let entries = new Map<string, Entry>();
  /** The last kept value of each key and when its read started (used only with `busy`). */
  let lastKept = new Map<string, { value: Promise<unknown>; startedAt: number }>();

  function drop(key: string, entry: Entry) {
    if (entries.get(key) === entry) entries.delete(key);
  }

  return {
    read<T>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
      const value = readThrough(key, load, keep);
      const last = options.busy && lastKept.get(key);
      if (!options.busy || !last || last.value === value || now() - last.startedAt >= options.busy.limitMs)
        return value;
      return within(value, options.busy.graceMs, last.value as Promise<T>);
    },
    forgetAll() {
      // New maps: reads still running keep their entry in the old one, which nothing reads again.
      entries = new Map();
      lastKept = new Map();
    },
  };

  function readThrough<T>(key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
    const at = now();
    const found = entries.get(key);
    if (found && at < found.expiresAt) {
      if (at >= found.refreshAt) {
        found.refreshAt = Number.POSITIVE_INFINITY;
        readAhead(key, found, load, keep);
      }
      return found.value as Promise<T>;
    }
    if (found) entries.delete(key);
    if (entries.size >= maxEntries) {
      // Oldest first (a Map keeps insertion order); entries live at most a second anyway.
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    const value = load();
    const entry = entryOf(value, at);
    entries.set(key, entry);
    settle(key, entry, at, keep).catch(() => drop(key, entry));
    return value;
  }

  /** Read ahead only once this read answered: a slow read is not doubled by the next hit. */
  function entryOf(value: Promise<unknown>, at: number): Entry {
    return { value, expiresAt: at + ttlMs, refreshAt: Number.POSITIVE_INFINITY };
  }

  /** Keeps a read that answered (unless declined) as the last value; drops one that failed. */
  async function settle<T>(key: string, entry: Entry, at: number, keep?: (value: T) => boolean) {
    const keptIn = lastKept;
    const result = (await entry.value) as T;
    if (keep && !keep(result)) {
      drop(key, entry);
      return;
    }
    entry.refreshAt = at + ttlMs / 2;
    if (options.busy && keptIn === lastKept) {
      if (lastKept.size >= maxEntries) lastKept.delete(lastKept.keys().next().value as string);
      lastKept.set(key, { value: entry.value, startedAt: at });
    }
  }

  /** The next read of a key still kept: it replaces the entry only once it answered, unless forgotten. */
  function readAhead<T>(key: string, current: Entry, load: () => Promise<T>, keep?: (value: T) => boolean) {
    const at = now();
    const keptIn = entries;
    const value = load();
    const next = entryOf(value, at);
    value.then(
      () => {
        if (entries !== keptIn || entries.get(key) !== current) return;
        entries.set(key, next);
        settle(key, next, at, keep).catch(() => drop(key, next));
      },
      () => drop(key, current),
    );
  }
}
