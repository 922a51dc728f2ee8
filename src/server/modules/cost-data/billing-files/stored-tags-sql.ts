import { quoteIdentifier, quoteLiteral } from './sql-text.ts';

/** Tags as a file stores them, and how to turn that into a LIST(STRUCT(k VARCHAR, v VARCHAR)). */
export interface StoredTags {
  /** SQL reading the stored tags of one line item. */
  value: string;
  /** Text is grouped on as is; maps and lists by their hash, since DuckDB compares nested values slowly. */
  nested: boolean;
  entries: (stored: string) => string;
}

const NO_TAGS = '[]::STRUCT(k VARCHAR, v VARCHAR)[]';

const mapEntries = (map: string) =>
  `coalesce(list_transform(map_entries(${map}), e -> {'k': e.key, 'v': e.value}), ${NO_TAGS})`;

/** A MAP(VARCHAR, VARCHAR) column (CUR 2.0 resource_tags, FOCUS Tags in Parquet). */
export function mapTags(column: string): StoredTags {
  return { value: quoteIdentifier(column), nested: true, entries: mapEntries };
}

/** A JSON object in text (CSV exports); text that is not a JSON object means no tags. */
export function jsonTextTags(column: string): StoredTags {
  return {
    value: `coalesce(${quoteIdentifier(column)}, '')`,
    nested: false,
    entries: (stored) => mapEntries(`TRY_CAST(TRY_CAST(${stored} AS JSON) AS MAP(VARCHAR, VARCHAR))`),
  };
}

/** What lines are grouped on for their stored tags: the text as is, a map's or list's hash. */
export function storedTagsKeySql(tags: StoredTags, stored = 'stored_tags'): string {
  return tags.nested ? `hash(${stored})` : stored;
}

export interface TagColumn {
  column: string;
  key: string;
}

/** One column per key (legacy CUR 'resourceTags/user:team', Athena 'resource_tags_user_team'). */
export function tagColumns(columns: TagColumn[]): StoredTags {
  if (columns.length === 0) return { value: "''", nested: false, entries: () => NO_TAGS };
  return {
    value: `[${columns.map(({ column }) => quoteIdentifier(column)).join(', ')}]`,
    nested: true,
    entries: (stored) =>
      `[${columns.map(({ key }, index) => `{'k': ${quoteLiteral(key)}, 'v': ${stored}[${index + 1}]}`).join(', ')}]`,
  };
}

/** Keys trimmed and stripped of the 'user:' / 'user_' prefix AWS gives user-defined tags; empty values dropped; sorted. */
export function cleanedTagEntriesSql(entries: string): string {
  const normalized = `list_transform(${entries}, e -> {'k': regexp_replace(trim(e.k), '^user[:_]', ''), 'v': e.v})`;
  return `list_sort(list_filter(${normalized}, e -> e.k <> '' AND trim(coalesce(e.v, '')) <> ''))`;
}

/**
 * One canonical JSON object per tag set, from sorted cleaned entries. When two keys became one (the
 * FOCUS sample carries both 'org' and ' org') the first value in sort order is kept.
 */
export function tagsJsonSql(cleanedEntries: string): string {
  const firstOfEachKey = `list_filter(${cleanedEntries}, (e, i) -> i = 1 OR ${cleanedEntries}[i - 1].k <> e.k)`;
  return `to_json(map_from_entries(${firstOfEachKey}))::VARCHAR`;
}
