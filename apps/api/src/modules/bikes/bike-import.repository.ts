import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** One bike row of a bulk import, keys already computed (bike-import.service.ts). */
export interface BikeImportRow {
  id: string;
  ownershipId: string;
  ownerPartyId: string;
  nickname: string;
  frameNumber: string | null;
  frameNumberKey: string | null;
  frameNumberLookAlike: string | null;
  brand: string | null;
  model: string | null;
  productionYear: number | null;
  category: string | null;
  color: string | null;
  type: string | null;
  isElectric: boolean;
  visibility: string;
  status: string;
  region: 'dk' | 'no';
  currency: 'DKK' | 'NOK';
  registeredAt: string;
}

const column = <K extends keyof BikeImportRow>(rows: readonly BikeImportRow[], key: K) =>
  sql.param(rows.map((row) => row[key]));

/**
 * Inserts bikes with one statement per batch: each column travels as one array parameter and
 * unnest() turns them back into rows, so a batch of thousands costs one round trip and one plan (the
 * same on PostgreSQL and PGlite). A frame number already registered is skipped, not an error; the
 * ids answered are the bikes actually inserted.
 */
export async function insertBikes(executor: Executor, rows: readonly BikeImportRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const result = await executor.execute(sql`
    insert into bikes (id, owner_party_id, nickname, frame_number, frame_number_key, frame_number_look_alike,
                       brand, model, production_year, category, color, type, is_electric, visibility, status,
                       region, currency, created_at, updated_at)
    select id, owner_party_id, nickname, frame_number, frame_number_key, frame_number_look_alike, brand, model,
           production_year, category, color, type, is_electric, visibility, status, region, currency,
           registered_at, registered_at
      from unnest(
        ${column(rows, 'id')}::uuid[], ${column(rows, 'ownerPartyId')}::uuid[], ${column(rows, 'nickname')}::text[],
        ${column(rows, 'frameNumber')}::text[], ${column(rows, 'frameNumberKey')}::text[],
        ${column(rows, 'frameNumberLookAlike')}::text[], ${column(rows, 'brand')}::text[],
        ${column(rows, 'model')}::text[], ${column(rows, 'productionYear')}::int[],
        ${column(rows, 'category')}::text[], ${column(rows, 'color')}::text[], ${column(rows, 'type')}::text[],
        ${column(rows, 'isElectric')}::boolean[], ${column(rows, 'visibility')}::text[],
        ${column(rows, 'status')}::text[], ${column(rows, 'region')}::text[], ${column(rows, 'currency')}::text[],
        ${column(rows, 'registeredAt')}::timestamptz[]
      ) as imported(id, owner_party_id, nickname, frame_number, frame_number_key, frame_number_look_alike,
                    brand, model, production_year, category, color, type, is_electric, visibility, status,
                    region, currency, registered_at)
    on conflict (frame_number_key) where frame_number_key is not null do nothing
    returning id
  `);
  return new Set((result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id));
}

/** The current ownership row of each imported bike (how: registered, from its registration time). */
export async function insertOwnerships(executor: Executor, rows: readonly BikeImportRow[]): Promise<void> {
  if (rows.length === 0) return;
  await executor.execute(sql`
    insert into bike_ownerships (id, bike_id, owner_party_id, how, started_at)
    select id, bike_id, owner_party_id, 'registered', started_at
      from unnest(
        ${column(rows, 'ownershipId')}::uuid[], ${column(rows, 'id')}::uuid[],
        ${column(rows, 'ownerPartyId')}::uuid[], ${column(rows, 'registeredAt')}::timestamptz[]
      ) as imported(id, bike_id, owner_party_id, started_at)
  `);
}

/**
 * The bikes a source query answers, in one INSERT … SELECT (the bulk import's staged rows: set-based,
 * no values through the client). The source has the columns of insertBikes' unnest. A frame number
 * already registered is skipped, not an error: the caller tells which ids made it in (bikes_pkey).
 */
export async function insertBikesFrom(executor: Executor, source: SQL): Promise<void> {
  await executor.execute(sql`
    insert into bikes (id, owner_party_id, nickname, frame_number, frame_number_key, frame_number_look_alike,
                       brand, model, production_year, category, color, type, is_electric, visibility, status,
                       region, currency, created_at, updated_at)
    select id, owner_party_id, nickname, frame_number, frame_number_key, frame_number_look_alike, brand, model,
           production_year, category, color, null, is_electric, 'active', 'registered', region,
           case when region = 'no' then 'NOK' else 'DKK' end, registered_at, registered_at
      from (${source}) as imported
    on conflict (frame_number_key) where frame_number_key is not null do nothing
  `);
}

/** The current ownership rows of bikes a source query answers (ownership id, bike id, owner, since). */
export async function insertOwnershipsFrom(executor: Executor, source: SQL): Promise<void> {
  await executor.execute(sql`
    insert into bike_ownerships (id, bike_id, owner_party_id, how, started_at)
    select ownership_id, bike_id, owner_party_id, 'registered', started_at from (${source}) as imported
  `);
}

/**
 * Hands every bike of `fromPartyId` to `toPartyId` (a person claiming the bikes imported for their
 * address): the bikes and their current ownership rows, which stood for this same person. Answers
 * how many bikes moved.
 */
export async function moveBikesOfParty(
  executor: Executor,
  fromPartyId: string,
  toPartyId: string,
): Promise<number> {
  await executor.execute(sql`
    update bike_ownerships set owner_party_id = ${toPartyId}
     where owner_party_id = ${fromPartyId} and ended_at is null
  `);
  const result = await executor.execute(sql`
    update bikes set owner_party_id = ${toPartyId}, updated_at = now() where owner_party_id = ${fromPartyId}
  `);
  return (result as unknown as { rowCount?: number | null }).rowCount ?? 0;
}
