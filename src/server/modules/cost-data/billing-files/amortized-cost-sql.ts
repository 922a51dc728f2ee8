/** The columns of one AWS line item that decide its amortized cost, as SQL expressions. */
export interface AmortizationInputs {
  lineItemType: string;
  unblendedCost: string;
  savingsPlanEffectiveCost: string;
  savingsPlanTotalCommitmentToDate: string;
  savingsPlanUsedCommitment: string;
  reservationEffectiveCost: string;
  reservationUnusedAmortizedUpfrontFee: string;
  reservationUnusedRecurringFee: string;
  reservationArn: string;
}

/**
 * AWS's amortized cost of one line item, the rule Cost Explorer applies:
 * - usage covered by a Savings Plan or a reservation costs its effective cost;
 * - the Savings Plan negation and the upfront fees are spread over the covered usage, so count 0;
 * - a Savings Plan's recurring fee counts only the commitment left unused;
 * - a reservation's fee counts only its unused upfront and recurring parts;
 * - everything else (usage, tax, credits, refunds, other fees) costs what it was billed.
 * Missing amounts count as 0.
 */
export function amortizedCostSql(inputs: AmortizationInputs): string {
  const amount = (expression: string) => `coalesce(${expression}, 0)`;
  return `CASE ${inputs.lineItemType}
    WHEN 'SavingsPlanCoveredUsage' THEN ${amount(inputs.savingsPlanEffectiveCost)}
    WHEN 'SavingsPlanNegation' THEN 0
    WHEN 'SavingsPlanUpfrontFee' THEN 0
    WHEN 'SavingsPlanRecurringFee' THEN ${amount(inputs.savingsPlanTotalCommitmentToDate)} - ${amount(inputs.savingsPlanUsedCommitment)}
    WHEN 'DiscountedUsage' THEN ${amount(inputs.reservationEffectiveCost)}
    WHEN 'RIFee' THEN ${amount(inputs.reservationUnusedAmortizedUpfrontFee)} + ${amount(inputs.reservationUnusedRecurringFee)}
    WHEN 'Fee' THEN CASE WHEN coalesce(${inputs.reservationArn}, '') <> '' THEN 0 ELSE ${amount(inputs.unblendedCost)} END
    ELSE ${amount(inputs.unblendedCost)}
  END`;
}
