import pino from 'pino';
import { parseConfig } from '../config.ts';
import { createBillingService } from '../modules/billing/billing.service.ts';
import { createOrganizationsService } from '../modules/organizations/organizations.service.ts';
import { BILLING_ADMIN_USAGE, runBillingAdmin, UsageError } from './billing-admin-commands.ts';
import { runWithCommandDatabase } from './command-database.ts';

/** npm run billing-admin -- set-plan ... | issue-credit ... (plans and credits without Stripe). */
const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help')) {
  console.log(BILLING_ADMIN_USAGE);
  process.exit(argv.length === 0 ? 1 : 0);
}

const config = parseConfig();
const log = pino({ level: 'warn' });
let exitCode = 1;
try {
  exitCode = await runWithCommandDatabase(config, log, async (context) => {
    const billing = createBillingService(context, createOrganizationsService(context.database.db));
    for (const line of await runBillingAdmin(argv, billing, context.clock.now())) console.log(line);
    return 0;
  });
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${BILLING_ADMIN_USAGE}`);
  else console.error(`billing-admin: ${(error as Error).message}`);
}
process.exit(exitCode);
