import pino from 'pino';
import { parseConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { createBillingService } from '../modules/billing/billing.service.ts';
import { createOrganizationsService } from '../modules/organizations/organizations.service.ts';
import { prepareDatabaseSchema } from '../schema-setup.ts';
import {
  BILLING_ADMIN_USAGE,
  openDatabaseForCommand,
  runBillingAdmin,
  UsageError,
} from './billing-admin-commands.ts';

/** npm run billing-admin -- set-plan ... | issue-credit ... (issue 10: plans and credits without Stripe). */
const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help')) {
  console.log(BILLING_ADMIN_USAGE);
  process.exit(argv.length === 0 ? 1 : 0);
}

const config = parseConfig();
const log = pino({ level: 'warn' });
let exitCode = 0;
try {
  const { database, unlock } = await openDatabaseForCommand(config);
  try {
    const context: AppContext = { config, database, log };
    await prepareDatabaseSchema(context);
    const billing = createBillingService(context, createOrganizationsService(database.db));
    for (const line of await runBillingAdmin(argv, billing)) console.log(line);
  } finally {
    await database.close();
    unlock();
  }
} catch (error) {
  exitCode = 1;
  if (error instanceof UsageError) console.error(`${error.message}\n\n${BILLING_ADMIN_USAGE}`);
  else if (error instanceof DataDirInUseError) console.error(error.message);
  else console.error(`billing-admin: ${(error as Error).message}`);
}
process.exit(exitCode);
