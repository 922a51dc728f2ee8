import { startAwsSimulator } from './index.ts';

/** Runs the simulator on its own: `node --import tsx src/aws-sim/main.ts [port]`. */
const port = Number(process.argv[2] ?? process.env.AWS_SIMULATOR_PORT ?? 4566);
const simulator = await startAwsSimulator({ port });
const { company, credentials } = simulator;
console.log(`AWS simulator listening on ${simulator.endpoint}`);
console.log(
  `  credentials: AWS_ACCESS_KEY_ID=${credentials.accessKeyId} AWS_SECRET_ACCESS_KEY=${credentials.secretAccessKey}`,
);
console.log(`  demo role:   ${company.demoRoleArn} (ExternalId ${company.demoExternalId})`);
console.log(
  `  CUR export:  s3://${company.bucket}/${company.prefix}/${company.exportName}/ (use forcePathStyle)`,
);

async function shutdown() {
  await simulator.close();
  process.exit(0);
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
