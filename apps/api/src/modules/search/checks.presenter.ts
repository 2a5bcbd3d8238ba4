import type { CheckAnswer, CheckResult } from '@nbr/domain/checks';
import type { IdentifierShapeProblem } from '@nbr/domain/identifiers';
import type { CheckedBikeRow } from './checks.repository.ts';

/**
 * The one place a check becomes an answer: the identifier as sent and one word. The police (and
 * only they, `showTheftCase`) also get a stolen bike's theft report reference and since-date. Never
 * the bike's id, the owner or anything else of theirs.
 */
export function presentCheckAnswer(
  identifier: string,
  result: CheckResult,
  stolenBike: CheckedBikeRow | null,
  showTheftCase: boolean,
  problem: IdentifierShapeProblem | null = null,
): CheckAnswer {
  if (problem) return { identifier, result: 'invalid', problem };
  if (!showTheftCase) return { identifier, result };
  const isStolen = result === 'stolen' && stolenBike !== null;
  return {
    identifier,
    result,
    case_reference: isStolen ? stolenBike.theftReportId : null,
    stolen_since: isStolen ? (stolenBike.stolenSince?.toISOString() ?? null) : null,
  };
}
