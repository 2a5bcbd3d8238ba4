import { type CheckAnswer, checkResultOf, decidingMatches } from '@nbr/domain/checks';
import { type IdentifierShapeProblem, identifierKeys, identifierShapeProblem } from '@nbr/domain/identifiers';
import { canSeeTheftCaseInChecks } from '@nbr/domain/organisation-powers';
import { SEARCH_RESULT_LIMIT } from '@nbr/domain/search';
import type { Database } from '../../db/client.ts';
import { type AuditEventInput, recordAuditEvents } from '../../platform/audit/audit.ts';
import type { ApiKeyAuth } from '../../platform/auth/api-keys.ts';
import { presentCheckAnswer } from './checks.presenter.ts';
import { findCheckedBikes, recordBikeChecks } from './checks.repository.ts';
import { findCandidates, type SearchRow } from './search.repository.ts';

/*
 * Checks by API (issue 32 §1): GET and POST /api/v1/checks. An identifier is found as the public
 * search finds it (search.repository.ts: the same normalisation, the same look-alike folding, the
 * same bikes left out: a private bike that is not stolen is `unknown` here too), and answered in
 * one word (checkResultOf). Every identifier checked is audited; when it names a bike, the event is
 * about the bike's owner, so their access log shows which organisation checked it and when.
 */

export interface ChecksDeps {
  db: Database;
}

/** Audit rows per statement: a thousand identifiers may name several bikes each. */
const AUDIT_CHUNK = 1000;

interface Checked {
  identifier: string;
  /** The normalised key; null when the text cannot be an identifier at all. */
  key: string | null;
  /** Why the text cannot be an identifier (nothing was looked up); null when it can. */
  problem: IdentifierShapeProblem | null;
  matches: SearchRow[];
}

async function findMatches(deps: ChecksDeps, identifiers: readonly string[]): Promise<Checked[]> {
  // A batch often repeats an identifier (one bike in several listings): one look-up per key pair.
  const byKeys = new Map<string, SearchRow[]>();
  const checked: Checked[] = [];
  for (const identifier of identifiers) {
    const problem = identifierShapeProblem(identifier);
    if (problem) {
      checked.push({ identifier, key: null, problem, matches: [] });
      continue;
    }
    const { key, lookAlike } = identifierKeys(identifier);
    const cacheKey = `${key}\u0000${lookAlike}`;
    let rows = byKeys.get(cacheKey);
    if (!rows) {
      rows = decidingMatches(await findCandidates(deps.db, key, lookAlike, SEARCH_RESULT_LIMIT));
      byKeys.set(cacheKey, rows);
    }
    checked.push({ identifier, key, problem: null, matches: rows });
  }
  return checked;
}

/** Checks identifiers for the organisation behind an API key; answers each, in the order sent. */
export async function checkIdentifiers(
  deps: ChecksDeps,
  caller: ApiKeyAuth,
  identifiers: readonly string[],
): Promise<CheckAnswer[]> {
  const checked = await findMatches(deps, identifiers);
  const bikes = await findCheckedBikes(
    deps.db,
    checked.flatMap((check) => check.matches.map((match) => match.bikeId)),
  );
  const showTheftCase = canSeeTheftCaseInChecks(caller.organisationType);
  const now = new Date();
  const events: AuditEventInput[] = [];
  // One event per bike per request, however often a batch names it (one bike in many listings, or
  // the same number sent a thousand times): an owner's access log says who checked it, not how often.
  // The same set, with the identifier that first named each bike: kept for the webhook (issue 32 §1).
  const auditedBikes = new Map<string, string>();
  const answers = checked.map((check) => {
    const result = check.problem ? 'invalid' : checkResultOf(check.matches);
    const base = {
      action: 'check.identifier_checked' as const,
      actorPartyId: caller.organisationPartyId,
      sessionId: null,
      now,
    };
    const details = { organisation_party_id: caller.organisationPartyId, api_key_id: caller.keyId, result };
    if (check.matches.length === 0) {
      events.push({ ...base, targetPartyId: null, details: { ...details, identifier_key: check.key } });
    }
    for (const match of check.matches) {
      const bike = bikes.get(match.bikeId);
      if (!bike || auditedBikes.has(match.bikeId)) continue;
      auditedBikes.set(match.bikeId, check.identifier);
      events.push({
        ...base,
        targetPartyId: bike.ownerPartyId,
        details: { ...details, bike_id: match.bikeId, identifier_kind: match.identifier },
      });
    }
    const stolen = check.matches.find((match) => match.status === 'stolen');
    return presentCheckAnswer(
      check.identifier,
      result,
      stolen ? (bikes.get(stolen.bikeId) ?? null) : null,
      showTheftCase,
      check.problem,
    );
  });
  await deps.db.transaction(async (tx) => {
    for (let start = 0; start < events.length; start += AUDIT_CHUNK) {
      await recordAuditEvents(tx, events.slice(start, start + AUDIT_CHUNK));
    }
    // In bike order, so two checks of the same bikes at once take their rows' locks in the same order.
    const checkedBikes = [...auditedBikes]
      .map(([bikeId, identifier]) => ({ bikeId, identifier }))
      .sort((a, b) => (a.bikeId < b.bikeId ? -1 : a.bikeId > b.bikeId ? 1 : 0));
    for (let start = 0; start < checkedBikes.length; start += AUDIT_CHUNK) {
      await recordBikeChecks(
        tx,
        caller.organisationPartyId,
        checkedBikes.slice(start, start + AUDIT_CHUNK),
        now,
      );
    }
  });
  return answers;
}

/** GET /api/v1/checks: one identifier. */
export async function checkIdentifier(
  deps: ChecksDeps,
  caller: ApiKeyAuth,
  identifier: string,
): Promise<CheckAnswer> {
  const [answer] = await checkIdentifiers(deps, caller, [identifier]);
  if (!answer) throw new Error('a check answered nothing');
  return answer;
}
