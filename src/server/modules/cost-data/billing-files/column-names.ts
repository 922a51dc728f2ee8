/**
 * The snake_case name AWS gives a legacy CUR column in Athena and in CUR 2.0:
 * 'lineItem/UnblendedCost' -> 'line_item_unblended_cost', 'savingsPlan/SavingsPlanARN' ->
 * 'savings_plan_savings_plan_a_r_n'. Names already in snake_case are kept, so one lookup serves
 * the legacy CSV, the Athena-style legacy CUR and CUR 2.0.
 */
export function athenaColumnName(name: string): string {
  return name
    .replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** 'BilledCost', 'billed_cost' and 'billedcost' are the same FOCUS column. */
export function focusColumnKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}
