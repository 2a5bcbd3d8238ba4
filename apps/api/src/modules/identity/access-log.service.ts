import { ACCESS_LOG_PAGE_SIZE, type AccessLogEntry, type AccessLogPage } from '@nbr/domain/access-log';
import type { Database, Executor } from '../../db/client.ts';
import { type AccessLogEventRow, listAccessLogEvents } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import * as repository from './identity.repository.ts';

/*
 * The person's access log (issue 17 §3): who looked them or their bikes up — by organisation, never
 * by the name of the member or staff member —, when and why. The events are the audit trail's
 * (platform/audit/access-log-actions.ts); this names the organisations.
 */

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The organisation an event was done for: ours (organisation_party_id) or the insurer's own screens. */
function organisationOf(row: AccessLogEventRow): string | null {
  return text(row.details?.organisation_party_id) ?? text(row.details?.insurer_party_id);
}

function identifierKindOf(row: AccessLogEventRow): AccessLogEntry['identifier_kind'] {
  const kind = row.details?.identifier_kind;
  return kind === 'frame_number' || kind === 'plate_id' ? kind : null;
}

async function present(executor: Executor, rows: AccessLogEventRow[]): Promise<AccessLogEntry[]> {
  const organisations = await repository.findOrganisationsByIds(
    executor,
    rows.map(organisationOf).filter((id): id is string => id !== null),
  );
  return rows.map((row) => {
    const organisationId = organisationOf(row);
    const organisation = organisationId ? organisations.get(organisationId) : undefined;
    return {
      id: row.id,
      action: row.action,
      at: row.createdAt.toISOString(),
      who: organisationId ? 'organisation' : 'staff',
      organisation_name: organisation?.name ?? null,
      organisation_type: organisation?.type ?? null,
      reason: text(row.details?.reason),
      case_number: text(row.details?.case_number),
      // A dock operator's remote opening (issue 28) names the dock as it was called then.
      dock_name: text(row.details?.dock_name),
      // A check by API (issue 32 §1) says which of the bike's identifiers was checked.
      identifier_kind: identifierKindOf(row),
    };
  });
}

/** GET /api/identities/me/access-log: a page of the signed-in person's log, newest first. */
export async function listAccessLog(
  deps: { db: Database },
  auth: RequestAuth,
  cursor: string | undefined,
): Promise<AccessLogPage> {
  const rows = await listAccessLogEvents(deps.db, auth.identityPartyId, {
    after: cursor,
    limit: ACCESS_LOG_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, ACCESS_LOG_PAGE_SIZE);
  return {
    entries: await present(deps.db, page),
    next_cursor: rows.length > ACCESS_LOG_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** The whole log, for the personal data export. */
export async function accessLogPersonalData(executor: Executor, partyId: string): Promise<AccessLogEntry[]> {
  return present(executor, await listAccessLogEvents(executor, partyId));
}
