import fs from 'node:fs';
import pino from 'pino';
import { parseConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { createCostDataService } from '../modules/cost-data/cost-data.service.ts';
import { createIntegrationsService } from '../modules/integrations/integrations.service.ts';
import { createOrganizationsService } from '../modules/organizations/organizations.service.ts';
import { runWithCommandDatabase } from './command-database.ts';

const USAGE = `Usage: npm run ingest -- <billing file> (--integration <id> | --organization <slug|owner e-mail>)

Reads a CUR, CUR 2.0 or FOCUS file (CSV, gzip or Parquet) as an upload would: the billing periods it
holds are replaced in one transaction, and a broken file changes nothing.`;

function option(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

function drawProgress(percent: number, rows: number, files: string) {
  const width = 30;
  const filled = Math.round((percent / 100) * width);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
  process.stderr.write(
    `\r${bar} ${percent.toFixed(0).padStart(3)}%  ${rows.toLocaleString('en-US')} line items  ${files}`,
  );
}

async function main(argv: string[]): Promise<number> {
  const file = argv.find((arg, index) => !arg.startsWith('--') && !argv[index - 1]?.startsWith('--'));
  const integrationId = option(argv, '--integration');
  const organization = option(argv, '--organization');
  if (!file || (!integrationId && !organization)) {
    console.error(USAGE);
    return 2;
  }
  if (!fs.existsSync(file)) {
    console.error(`No file at ${file}.`);
    return 1;
  }
  const config = parseConfig();
  return runWithCommandDatabase(
    config,
    pino({ level: 'warn' }),
    (context) => ingestFile(context, file, { integrationId, organization }),
    { alternative: 'Or upload the file in the app.' },
  );
}

async function ingestFile(
  context: AppContext,
  file: string,
  target: { integrationId?: string; organization?: string },
): Promise<number> {
  const { config, database, log } = context;
  const { integrationId, organization } = target;
  let timer: NodeJS.Timeout | undefined;
  try {
    const costData = createCostDataService(database.db, log, config.ingestion);
    const integrations = createIntegrationsService(context, costData);
    const organizationId = organization
      ? (await createOrganizationsService(database.db).findForOperator(organization)).id
      : undefined;
    const run = await integrations.ingestLocalFile({
      filePath: file,
      integrationId,
      organizationId,
      onRunCreated: (created) => {
        timer = setInterval(async () => {
          const current = await costData.findRun(created.id);
          if (current)
            drawProgress(
              current.percent,
              current.rowsRead,
              `${current.filesDone}/${current.filesTotal} files`,
            );
        }, 250);
      },
    });
    clearInterval(timer);
    drawProgress(run.state === 'succeeded' ? 100 : run.percent, run.rowsRead, '');
    process.stderr.write('\n');
    if (run.state !== 'succeeded') {
      const where = [
        run.error?.file,
        run.error?.column && `column ${run.error.column}`,
        run.error?.row && `row ${run.error.row}`,
      ]
        .filter(Boolean)
        .join(', ');
      console.error(`Nothing was changed: ${run.error?.message}${where ? ` (${where})` : ''}`);
      return 1;
    }
    console.log(
      `Ingested ${run.rowsRead.toLocaleString('en-US')} line items into ${run.factsWritten.toLocaleString('en-US')} daily facts; billing periods ${run.billingPeriods.join(', ')} replaced.`,
    );
    for (const warning of run.warnings) console.warn(`Warning: ${warning}`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    clearInterval(timer);
  }
}

process.exitCode = await main(process.argv.slice(2));
