/**
 * `npm run config -- plan|apply|export <file> --url <base> --token <sg_...>`: budgets as code
 * from a shell or a CI job. It speaks only HTTP to a running Spendguard (`Authorization: Bearer`), so it
 * needs no database and runs anywhere the API is reachable.
 */
import type { ConfigChange, ConfigPlan } from '../../contracts/config.ts';

export const CONFIG_USAGE = `Usage: npm run config -- <plan|apply|export> <file> --url <base URL> [--token <token>]

  plan    shows what applying the file would change (nothing is written)
  apply   applies the file in one transaction; applying it again changes nothing
  export  writes the organization's configuration to the file (JSON for a .json file, else YAML; - for stdout)

The token may also come from SPENDGUARD_TOKEN, the URL from SPENDGUARD_URL. It is sent as
"Authorization: Bearer <token>": an API token (sg_...) or a session token.
Exit codes: 0 done, 1 the server refused (the message names the path in the file), 2 usage.`;

export class UsageError extends Error {}

export interface ConfigArguments {
  command: 'plan' | 'apply' | 'export';
  file: string;
  url: string;
  token: string;
}

const COMMANDS = ['plan', 'apply', 'export'] as const;

export function parseConfigArguments(
  argv: string[],
  env: Record<string, string | undefined>,
): ConfigArguments {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const value = argv[index + 1];
    if (value === undefined) throw new UsageError(`${arg} needs a value.`);
    options.set(arg.slice(2), value);
    index += 1;
  }
  const [command, file, ...rest] = positional;
  if (!COMMANDS.includes(command as ConfigArguments['command'])) {
    throw new UsageError(`Say what to do: ${COMMANDS.join(', ')}.`);
  }
  if (!file) throw new UsageError('Name the configuration file.');
  if (rest.length > 0) throw new UsageError(`Unexpected: ${rest.join(' ')}.`);
  const unknown = [...options.keys()].filter((name) => name !== 'url' && name !== 'token');
  if (unknown.length > 0) throw new UsageError(`Unknown option: --${unknown[0]}.`);
  const url = options.get('url') ?? env.SPENDGUARD_URL;
  const token = options.get('token') ?? env.SPENDGUARD_TOKEN;
  if (!url) throw new UsageError('Give the server with --url (or SPENDGUARD_URL).');
  if (!token) throw new UsageError('Give a token with --token (or SPENDGUARD_TOKEN).');
  return { command: command as ConfigArguments['command'], file, url: url.replace(/\/+$/, ''), token };
}

const show = (value: unknown) => JSON.stringify(value);
const SIGN = { create: '+', update: '~', delete: '-', unchanged: ' ' } as const;

function changeLines(change: ConfigChange): string[] {
  const head = `  ${SIGN[change.action]} ${change.section} "${change.name}"${change.action === 'update' ? '' : ` (${change.action})`}`;
  return [
    head,
    ...change.changes.map((field) => `      ${field.field}: ${show(field.before)} → ${show(field.after)}`),
  ];
}

/** The plan as a person reads it in a CI log: counts first, then each object that changes. */
export function formatPlan(plan: ConfigPlan): string[] {
  const { create, update, delete: deleted, unchanged } = plan.summary;
  const verb = plan.applied ? 'Applied' : 'Plan';
  const counts = `${create} to create, ${update} to update, ${deleted} to delete, ${unchanged} unchanged`;
  const changed = plan.changes.filter((change) => change.action !== 'unchanged');
  if (changed.length === 0) return [`${verb}: nothing to change (${unchanged} unchanged).`];
  return [`${verb}: ${counts}.`, ...changed.flatMap(changeLines)];
}

export interface CommandIo {
  readFile(path: string): Promise<string>;
  writeFile(path: string, text: string): Promise<void>;
  print(line: string): void;
  printError(line: string): void;
  fetch: typeof fetch;
}

async function refusal(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { Code?: string; Message?: string };
    return `${response.status} ${body.Code ?? ''}: ${body.Message ?? text}`;
  } catch {
    return `${response.status}: ${text.slice(0, 500)}`;
  }
}

/** Runs one command; answers the exit code. */
export async function runConfigCommand(args: ConfigArguments, io: CommandIo): Promise<number> {
  const headers = { authorization: `Bearer ${args.token}` };
  if (args.command === 'export') {
    const format = args.file.endsWith('.json') ? 'json' : 'yaml';
    const response = await io.fetch(`${args.url}/api/config?format=${format}`, { headers });
    if (!response.ok) {
      io.printError(`export refused: ${await refusal(response)}`);
      return 1;
    }
    const text = await response.text();
    if (args.file === '-') io.print(text.trimEnd());
    else {
      await io.writeFile(args.file, text);
      io.print(`Exported to ${args.file}.`);
    }
    return 0;
  }
  const document = await io.readFile(args.file);
  const response = await io.fetch(`${args.url}/api/config/${args.command}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/yaml' },
    body: document,
  });
  if (!response.ok) {
    io.printError(`${args.command} refused: ${await refusal(response)}`);
    return 1;
  }
  for (const line of formatPlan((await response.json()) as ConfigPlan)) io.print(line);
  return 0;
}
