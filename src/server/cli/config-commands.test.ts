import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken } from '../testing/api-token-fixtures.ts';
import { callAs } from '../testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../testing/organization-world.ts';
import {
  type CommandIo,
  formatPlan,
  parseConfigArguments,
  runConfigCommand,
  UsageError,
} from './config-commands.ts';

describe('reading the command line', () => {
  it('takes the command, the file, --url and --token, or both from the environment', () => {
    expect(
      parseConfigArguments(['plan', 'spend.yaml', '--url', 'https://sg.example/', '--token', 'sg_x'], {}),
    ).toEqual({
      command: 'plan',
      file: 'spend.yaml',
      url: 'https://sg.example',
      token: 'sg_x',
    });
    expect(
      parseConfigArguments(['apply', 'spend.yaml'], { SPENDGUARD_URL: 'http://a', SPENDGUARD_TOKEN: 'sg_y' }),
    ).toMatchObject({ url: 'http://a', token: 'sg_y' });
  });

  it('says what is missing', () => {
    expect(() => parseConfigArguments(['destroy', 'x.yaml'], {})).toThrow(
      new UsageError('Say what to do: plan, apply, export.'),
    );
    expect(() => parseConfigArguments(['plan'], {})).toThrow('Name the configuration file.');
    expect(() => parseConfigArguments(['plan', 'x.yaml', '--token', 't'], {})).toThrow('--url');
    expect(() => parseConfigArguments(['plan', 'x.yaml', '--url', 'http://a'], {})).toThrow('--token');
    expect(() => parseConfigArguments(['plan', 'x.yaml', '--url', 'http://a', '--tokn', 't'], {})).toThrow(
      'Unknown option: --tokn.',
    );
  });
});

describe('printing a plan', () => {
  it('counts first, then each object that changes with its fields before and after', () => {
    const lines = formatPlan({
      version: 1,
      applied: false,
      summary: { create: 1, update: 1, delete: 1, unchanged: 2 },
      changes: [
        {
          section: 'budgets',
          name: 'All AWS',
          action: 'update',
          changes: [{ field: 'amount_usd', before: 1000, after: 1500 }],
        },
        { section: 'budgets', name: 'Data', action: 'create', changes: [] },
        { section: 'budgets', name: 'Old', action: 'delete', changes: [] },
        { section: 'teams', name: 'platform', action: 'unchanged', changes: [] },
      ],
    });
    expect(lines).toEqual([
      'Plan: 1 to create, 1 to update, 1 to delete, 2 unchanged.',
      '  ~ budgets "All AWS"',
      '      amount_usd: 1000 → 1500',
      '  + budgets "Data" (create)',
      '  - budgets "Old" (delete)',
    ]);
  });

  it('says so when nothing changes', () => {
    const plan = {
      version: 1 as const,
      applied: true,
      summary: { create: 0, update: 0, delete: 0, unchanged: 4 },
      changes: [],
    };
    expect(formatPlan(plan)).toEqual(['Applied: nothing to change (4 unchanged).']);
  });
});

describe('against a running server', () => {
  let { server, owner } = {} as OrganizationWorld;
  let baseUrl: string;
  let folder: string;
  /** What a CI job holds: an API token that reads costs and writes budgets. */
  let ciToken: string;

  beforeAll(async () => {
    ({ server, owner } = await startOrganizationWorld({ domain: 'cli.test' }));
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    folder = await mkdtemp(path.join(os.tmpdir(), 'spendguard-config-cli-'));
    await callAs(server, owner)('POST', '/api/budgets', { name: 'All AWS', amount_usd: 1000 });
    ({ secret: ciToken } = await createApiToken(server, owner, {
      name: 'CI',
      scopes: ['costs:read', 'budgets:write'],
    }));
  });
  afterAll(async () => {
    await server.close();
    await rm(folder, { recursive: true, force: true });
  });

  function run(argv: string[], token = ciToken) {
    const out: string[] = [];
    const errors: string[] = [];
    const io: CommandIo = {
      readFile: (file) => readFile(file, 'utf8'),
      writeFile: (file, text) => writeFile(file, text, 'utf8'),
      print: (line) => out.push(line),
      printError: (line) => errors.push(line),
      fetch,
    };
    const args = parseConfigArguments([...argv, '--url', baseUrl, '--token', token], {});
    return runConfigCommand(args, io).then((code) => ({ code, out, errors }));
  }

  it('exports, plans and applies an edited file, then finds nothing to change', async () => {
    const file = path.join(folder, 'spendguard.yaml');
    expect((await run(['export', file])).code).toBe(0);
    const exported = await readFile(file, 'utf8');
    await writeFile(file, exported.replace('amount_usd: 1000', 'amount_usd: 1250'));

    const plan = await run(['plan', file]);
    expect(plan).toMatchObject({ code: 0, errors: [] });
    expect(plan.out).toEqual([
      'Plan: 0 to create, 1 to update, 0 to delete, 1 unchanged.',
      '  ~ budgets "All AWS"',
      '      amount_usd: 1000 → 1250',
    ]);
    expect((await run(['apply', file])).out[0]).toBe(
      'Applied: 0 to create, 1 to update, 0 to delete, 1 unchanged.',
    );
    expect((await run(['apply', file])).out).toEqual(['Applied: nothing to change (2 unchanged).']);
    expect((await run(['export', '-'])).out.join('\n')).toBe((await readFile(file, 'utf8')).trimEnd());
  });

  it('is refused, exit 1, with a token that may only read', async () => {
    const { secret } = await createApiToken(server, owner, { name: 'Read only', scopes: ['costs:read'] });
    const file = path.join(folder, 'read-only.yaml');
    expect((await run(['export', file], secret)).code).toBe(0);
    const refused = await run(['apply', file], secret);
    expect(refused.code).toBe(1);
    expect(refused.errors[0]).toMatch(/^apply refused: 403 MissingScope: .*budgets:write/);
  });

  it('exits 1 with the path in the file when the server refuses it (a real process, as CI runs it)', async () => {
    const file = path.join(folder, 'broken.yaml');
    await writeFile(file, 'version: 1\nbudgets:\n  - name: Bad\n    amount_usd: -1\n');
    const child = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/config.ts', 'apply', file, '--url', baseUrl],
      { env: { ...process.env, SPENDGUARD_TOKEN: ciToken }, timeout: 60_000 },
    );
    const failure = await child.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(
      'apply refused: 400 InvalidConfig: budgets[0].amount_usd: must be above 0',
    );
  });
});
