import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organisationMembers, organisations } from '../../db/schema/organisations.ts';
import type { OrganisationRow } from './organisations.repository.ts';

/** `%` and `_` typed by staff are searched for literally, not as wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const memberCount = sql<number>`(select count(*) from ${organisationMembers} where ${organisationMembers.organisationPartyId} = ${organisations.partyId})`;

/**
 * Organisations whose name, registration number or town contains `text`, optionally of one type,
 * by name. Fetches one more than `limit` so the caller knows whether a next page exists.
 */
export async function searchOrganisations(
  executor: Executor,
  options: { text: string; type: string | undefined; limit: number; offset: number },
): Promise<Array<{ organisation: OrganisationRow; memberCount: number }>> {
  const conditions: SQL[] = [];
  if (options.text) {
    const pattern = containsPattern(options.text);
    const matches = or(
      ilike(organisations.name, pattern),
      ilike(organisations.registrationNumber, pattern),
      ilike(organisations.town, pattern),
      ilike(organisations.postcode, pattern),
    );
    if (matches) conditions.push(matches);
  }
  if (options.type) conditions.push(eq(organisations.type, options.type));
  const rows = await executor
    .select({ organisation: organisations, memberCount })
    .from(organisations)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(organisations.name), asc(organisations.partyId))
    .limit(options.limit + 1)
    .offset(options.offset);
  return rows.map((row) => ({ organisation: row.organisation, memberCount: Number(row.memberCount) }));
}

export async function findOrganisation(
  executor: Executor,
  partyId: string,
  lock = false,
): Promise<OrganisationRow | null> {
  const query = executor.select().from(organisations).where(eq(organisations.partyId, partyId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function countMembers(executor: Executor, partyId: string): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(organisationMembers)
    .where(eq(organisationMembers.organisationPartyId, partyId));
  return Number(row?.value ?? 0);
}

export async function updateOrganisation(
  executor: Executor,
  partyId: string,
  changes: Partial<Omit<typeof organisations.$inferInsert, 'partyId' | 'createdAt'>>,
): Promise<OrganisationRow> {
  const [row] = await executor
    .update(organisations)
    .set(changes)
    .where(eq(organisations.partyId, partyId))
    .returning();
  if (!row) throw new Error('update of organisations returned no row');
  return row;
}

/**
 * Dealers shown on /find-distributor: listed by staff, not suspended, whose name, town or postcode
 * contains `text` (all when empty), by town and name.
 */
export async function listDistributors(
  executor: Executor,
  options: { text: string; limit: number },
): Promise<OrganisationRow[]> {
  const conditions: Array<SQL | undefined> = [
    eq(organisations.type, 'dealer'),
    eq(organisations.listedAsDistributor, true),
    isNull(organisations.suspendedAt),
  ];
  if (options.text) {
    const pattern = containsPattern(options.text);
    conditions.push(
      or(
        ilike(organisations.town, pattern),
        ilike(organisations.postcode, `${options.text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`),
        ilike(organisations.name, pattern),
      ),
    );
  }
  return executor
    .select()
    .from(organisations)
    .where(and(...conditions))
    .orderBy(asc(organisations.town), asc(organisations.name))
    .limit(options.limit);
}
