import { readFile, writeFile } from 'node:fs/promises';
import { CONFIG_USAGE, parseConfigArguments, runConfigCommand, UsageError } from './config-commands.ts';

/** npm run config -- plan|apply|export <file> --url <base> --token <token> (budgets as code). */
const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help')) {
  console.log(CONFIG_USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}

let exitCode = 1;
try {
  exitCode = await runConfigCommand(parseConfigArguments(argv, process.env), {
    readFile: (path) => readFile(path, 'utf8'),
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
    print: (line) => console.log(line),
    printError: (line) => console.error(line),
    fetch,
  });
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${CONFIG_USAGE}`);
    exitCode = 2;
  } else console.error(`config: ${(error as Error).message}`);
}
process.exit(exitCode);
