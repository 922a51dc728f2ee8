/** Who the fictional company is: its accounts, regions and where its billing export lands. */

export interface CompanyAccount {
  id: string;
  name: string;
  /** The read-only role every account carries (a StackSet would deploy it in real life). */
  demoRoleArn: string;
  isManagement: boolean;
}

export const MANAGEMENT_ACCOUNT_ID = '281947365012';
export const DEMO_ROLE_NAME = 'SpendguardReadOnly';
export const DEMO_EXTERNAL_ID = 'spendguard-demo';

function account(id: string, name: string, isManagement: boolean): CompanyAccount {
  return { id, name, isManagement, demoRoleArn: `arn:aws:iam::${id}:role/${DEMO_ROLE_NAME}` };
}

export const ACCOUNTS = {
  prod: account(MANAGEMENT_ACCOUNT_ID, 'acme-prod', true),
  staging: account('593018274650', 'acme-staging', false),
  data: account('746251839027', 'acme-data', false),
} as const;

export type AccountKey = keyof typeof ACCOUNTS;

export const ALL_ACCOUNTS: CompanyAccount[] = [ACCOUNTS.prod, ACCOUNTS.staging, ACCOUNTS.data];

export function accountById(accountId: string): CompanyAccount | undefined {
  return ALL_ACCOUNTS.find((candidate) => candidate.id === accountId);
}

/** The CUR 2.0 Data Export: s3://<bucket>/<prefix>/<exportName>/{data,metadata}/BILLING_PERIOD=YYYY-MM/ */
export const CUR_EXPORT = {
  bucket: 'spendguard-demo-cur',
  prefix: 'cur',
  exportName: 'spendguard-demo',
  region: 'us-east-1',
} as const;

/** The regions the company runs in, with the prefix AWS puts on usage types outside us-east-1. */
export const COMPANY_REGIONS = {
  'us-east-1': { usageTypePrefix: '', priceFactor: 1 },
  'us-west-2': { usageTypePrefix: 'USW2-', priceFactor: 1 },
  // eu-west-1 on-demand prices run about 12% above us-east-1 for the families used here.
  'eu-west-1': { usageTypePrefix: 'EU-', priceFactor: 1.12 },
} as const;

export type CompanyRegion = keyof typeof COMPANY_REGIONS;

export function usageTypeIn(region: CompanyRegion, usageType: string): string {
  return `${COMPANY_REGIONS[region].usageTypePrefix}${usageType}`;
}

/**
 * The launch-events stack (the integration template with LaunchEvents on) deployed once an account,
 * in us-east-1 only: launches in the other regions reach no queue, as with a real single-region rule.
 */
export const LAUNCH_EVENTS = {
  queueName: 'spendguard-launch-events',
  regions: ['us-east-1'],
  /** The template's queue settings: a 60 s visibility timeout, 20 s long polls, 14 days' retention. */
  queueAttributes: {
    VisibilityTimeout: 60,
    ReceiveMessageWaitTimeSeconds: 20,
    MessageRetentionPeriod: 1_209_600,
  },
} as const;
