import { type CommitmentEndWords, commitmentEndSentence } from '../../domain/commitment-end-wording.ts';
import { formatUsdHeadline } from './usd-format.ts';

/**
 * What a forecast on screen says of a commitment ending within its days (decisions 114 and 137): the
 * dashboard's card, the team page and the budget screen alike.
 */
export function commitmentEndText(end: CommitmentEndWords): string {
  return commitmentEndSentence(end, formatUsdHeadline);
}
