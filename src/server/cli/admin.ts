import pino from 'pino';
import { parseConfig } from '../config.ts';
import { createSupportStaffService } from '../modules/chat/support-staff.service.ts';
import { runWithCommandDatabase } from './command-database.ts';

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
  return runWithCommandDatabase(
    config,
    pino({ level: 'warn' }),
    async ({ database }) => {
      const staff = createSupportStaffService(database.db);
      const outcome = command === 'grant-support' ? await staff.grant(email) : await staff.revoke(email);
      const line = OUTCOMES[outcome](email);
      if (outcome === 'granted' || outcome === 'revoked') console.log(line);
      else console.error(line);
      return outcome === 'granted' || outcome === 'revoked' ? 0 : 1;
    },
    { alternative: 'Or list the address in SUPPORT_EMAILS.' },
  );
}

process.exitCode = await main(process.argv.slice(2));
