/** The configuration document as text: YAML or JSON in, checked with its path named; YAML or JSON out. */
import { parse, stringify, YAMLParseError } from 'yaml';
import type { z } from 'zod';
import { type ConfigDocument, configDocument } from '../../../contracts/config.ts';
import { type DocumentPath, documentPath, keysLeftOut } from '../../../domain/config-document-paths.ts';
import { documentExpansionProblem } from '../../../domain/document-expansion.ts';
import { fieldWithNulCharacter } from '../../../domain/nul-characters.ts';
import { badRequest } from '../../plugins/errors.ts';

export const YAML_CONTENT_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'];

/** Answers a 400 naming where in the file the problem is: `budgets[2].amount_usd: must be above 0`. */
export const documentError = (path: DocumentPath, message: string) =>
  badRequest(`${documentPath(path)}: ${message}`, 'InvalidConfig');

/**
 * A configuration body as it arrived, YAML or JSON: the route keeps it as text, and it is parsed only once
 * the caller is known and allowed to apply a configuration (decision 077).
 */
export class DocumentText {
  constructor(
    readonly document: string,
    readonly format: ConfigFormat,
  ) {}
}

/** A configuration is a few kilobytes: its body, YAML or JSON, has a quarter of the API's 1 MiB limit. */
export const CONFIG_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * However aliases are used, the document written out in full holds no more values than one written out
 * by hand within the body limit could (`0,` is two bytes), so an alias never costs more than its text.
 */
const MAX_EXPANDED_VALUES = CONFIG_BODY_LIMIT_BYTES / 2;
const MAX_DOCUMENT_DEPTH = 32;

/** YAML text (JSON is YAML too) to plain data; a syntax error names its line. */
export function readYamlText(text: string): unknown {
  let value: unknown;
  try {
    value = parse(text, { uniqueKeys: true, maxAliasCount: 100, prettyErrors: true });
  } catch (error) {
    // The first line says what and where ("... at line 3, column 5:"); a snippet of the file follows.
    const message = error instanceof YAMLParseError ? error.message : String(error);
    throw badRequest(`document: ${message.split('\n')[0]?.replace(/:$/, '')}`, 'InvalidConfig');
  }
  return checkedShape(value);
}

function readJsonText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`document: not valid JSON (${(error as Error).message})`, 'InvalidConfig');
  }
  return checkedShape(value);
}

/** Refuses a parsed document that contains itself, expands past the limits or holds a NUL character. */
function checkedShape(value: unknown): unknown {
  const expansion = documentExpansionProblem(value, {
    maxValues: MAX_EXPANDED_VALUES,
    maxDepth: MAX_DOCUMENT_DEPTH,
  });
  if (expansion === 'circular') throw badRequest('document: an alias refers to itself', 'InvalidConfig');
  if (expansion === 'too-large') {
    throw badRequest(
      `document: written out in full (aliases expanded) it holds more than ${MAX_EXPANDED_VALUES} values ` +
        `or nests deeper than ${MAX_DOCUMENT_DEPTH} levels`,
      'InvalidConfig',
    );
  }
  const nulField = fieldWithNulCharacter(value);
  if (nulField) throw badRequest(`${nulField}: must not contain a NUL character.`, 'InvalidConfig');
  return value;
}

const MAX_ISSUES = 5;

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `${documentPath([...issue.path, key])}: unknown key`).join('; ');
  }
  return `${documentPath(issue.path)}: ${issue.message}`;
}

function readDocumentText({ document, format }: DocumentText): unknown {
  return format === 'json' ? readJsonText(document) : readYamlText(document);
}

/**
 * The document checked against its schema (the API's own field rules), refusing keys the schema does not
 * know at any depth, so a typo is never ignored.
 */
export function checkConfigDocument(body: unknown): ConfigDocument {
  const written = body instanceof DocumentText ? readDocumentText(body) : body;
  if (typeof written !== 'object' || written === null || Array.isArray(written)) {
    throw documentError([], `expected a mapping that starts with "version: 1"`);
  }
  const parsed = configDocument.safeParse(written);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, MAX_ISSUES).map(describeIssue);
    throw badRequest(issues.join('; '), 'InvalidConfig');
  }
  const unknown = keysLeftOut(written, parsed.data);
  if (unknown.length > 0) {
    throw badRequest(
      unknown
        .slice(0, MAX_ISSUES)
        .map((path) => `${documentPath(path)}: unknown key`)
        .join('; '),
      'InvalidConfig',
    );
  }
  return parsed.data;
}

export type ConfigFormat = 'yaml' | 'json';

export function renderConfigDocument(document: ConfigDocument, format: ConfigFormat): string {
  if (format === 'json') return `${JSON.stringify(document, null, 2)}\n`;
  return stringify(document, { lineWidth: 0, aliasDuplicateObjects: false });
}

/** `?format=` wins; else JSON only when the Accept header asks for JSON and not YAML. */
export function chooseFormat(format: ConfigFormat | undefined, accept: string | undefined): ConfigFormat {
  if (format) return format;
  const wanted = (accept ?? '').toLowerCase();
  return wanted.includes('json') && !wanted.includes('yaml') ? 'json' : 'yaml';
}
