/** Reading AWS CUR (legacy, Athena, 2.0) and FOCUS billing files into daily cost facts with DuckDB. */
export { BillingFileError } from './billing-file-error.ts';
export type {
  BillCommitment,
  BillCommitments,
  BillingFileContainer,
  BillingFileCurrency,
  BillingFileFormat,
  BillingFileProgress,
  BillingFileSummary,
  CommitmentDay,
  DailyCostFact,
  MonthlyResourceCost,
} from './daily-cost-fact.ts';
export { DAILY_COST_FACT_FILE_COLUMNS, type DailyCostFactPart } from './daily-cost-fact-files.ts';
export { type DayRange, dayRanges, WHOLE_MONTH } from './day-ranges.ts';
export { detectBillingFileFormat } from './inspect-billing-file.ts';
export {
  type OpenedBillingFile,
  openBillingFile,
  type ReadBillingFileOptions,
  readDailyCostFacts,
} from './read-daily-cost-facts.ts';
export { sweepAbandonedSpillFolders } from './spill-folders.ts';
