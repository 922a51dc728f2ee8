import pino from 'pino';
import { parseConfig } from '../config.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { createSupportStaffService } from '../modules/chat/support-staff.service.ts';
import { prepareDatabaseSchema } from '../schema-setup.ts';
import { openConfiguredDatabase } from '../server.ts';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant-support <email>    let this account answer the live chat (the Support inbox)
  revoke-support <email>   take the support role back`;

const OUTCOMES = {
  granted: (email: string) =>
    `${email} is now support staff. They see "Support inbox" in their account menu.`,
  revoked: (email: string) => `${email} is no longer support staff.`,
  'no-such-account': (email: string) => `No account uses ${email}. They must sign up first.`,
  'invalid-email': (email: string) => `"${email}" is not an e-mail address.`,
};

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if ((command !== 'grant-support' && command !== 'revoke-support') || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = parseConfig();
  let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    opened = await openConfiguredDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(
      `${error.message}\nThe embedded database (PGlite) can be opened by one process at a time, and the server holds it. ` +
        'Stop the server, run this command, then start the server again; or list the address in SUPPORT_EMAILS.',
    );
    return 1;
  }
  try {
    const log = pino({ level: 'warn' });
    await prepareDatabaseSchema({ config, database: opened.database, log });
    const staff = createSupportStaffService(opened.database.db);
    const outcome = command === 'grant-support' ? await staff.grant(email) : await staff.revoke(email);
    const line = OUTCOMES[outcome](email);
    if (outcome === 'granted' || outcome === 'revoked') console.log(line);
    else console.error(line);
    return outcome === 'granted' || outcome === 'revoked' ? 0 : 1;
  } finally {
    await opened.database.close();
    opened.unlock();
  }
}

process.exitCode = await main(process.argv.slice(2));
