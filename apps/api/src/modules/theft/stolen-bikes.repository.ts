import type { Bbox } from '@nbr/domain/stolen-map';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/*
 * The public stolen-bike map's SQL. It reads theft_reports' public columns only — the rounded place
 * (public_latitude/longitude), stolen_at and the filter columns copied at submission, and of its
 * `fields` only the bike's colour — and of the bike what a stranger may see; never the rest of the
 * report, the national id or the owner. A report counts while it is submitted and its bike is still
 * marked stolen.
 */

/** The map's and the list's filters, already resolved (period → a moment). */
export interface StolenBikeFilter {
  since: Date | null;
  region: string | undefined;
  category: string | undefined;
  electric: boolean | undefined;
  bbox: Bbox | null;
}

function filterConditions(filter: StolenBikeFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.since) conditions.push(sql`t.stolen_at >= ${filter.since.toISOString()}::timestamptz`);
  if (filter.region) conditions.push(sql`t.region = ${filter.region}`);
  if (filter.category) conditions.push(sql`t.category = ${filter.category}`);
  if (filter.electric !== undefined) conditions.push(sql`t.is_electric = ${filter.electric}`);
  if (filter.bbox) {
    conditions.push(
      sql`t.public_latitude is not null`,
      sql`t.public_latitude between ${filter.bbox.minLat} and ${filter.bbox.maxLat}`,
      sql`t.public_longitude between ${filter.bbox.minLon} and ${filter.bbox.maxLon}`,
    );
  }
  return conditions;
}

/** Submitted, and its bike still marked stolen (found closes the report in the same transaction). */
const stolen = sql`t.status = 'submitted' and b.status = 'stolen'`;

function where(base: SQL, filter: StolenBikeFilter): SQL {
  return sql.join([base, ...filterConditions(filter)], sql` and `);
}

/** One occupied grid cell of the map. */
export interface CellRow {
  count: number;
  /** The members' mean place (the cluster's centroid). */
  longitude: number;
  latitude: number;
  minLongitude: number;
  maxLongitude: number;
  minLatitude: number;
  maxLatitude: number;
  /** Every matching bike in the box (the same for every row). */
  total: number;
}

/**
 * The occupied cells of a Web Mercator grid (cell: normalised size) inside the box, most bikes
 * first. Two steps: the bikes per rounded place, read in order from theft_reports_map_idx alone (its
 * key holds the filter columns, so no table row is visited), then those places per cell — so the
 * mercator formula (@nbr/domain/stolen-map mercatorY) runs once per place, not per bike. The bike
 * itself is not joined: submitting marks it stolen and found or deletion closes the report in the
 * same transaction, and the bikes shown are read with their bike (findBikesAtPlaces).
 * Exported so tests and the benchmark can EXPLAIN it.
 */
export function cellsQuery(filter: StolenBikeFilter & { bbox: Bbox }, cell: number, limit: number): SQL {
  return sql`
    select sum(p.n)::int as count,
           sum(p.public_longitude * p.n) / sum(p.n) as longitude,
           sum(p.public_latitude * p.n) / sum(p.n) as latitude,
           min(p.public_longitude) as min_longitude, max(p.public_longitude) as max_longitude,
           min(p.public_latitude) as min_latitude, max(p.public_latitude) as max_latitude,
           (sum(sum(p.n)) over ())::int as total
      from (
        select t.public_latitude, t.public_longitude, count(*) as n
          from theft_reports t
         where ${where(sql`t.status = 'submitted'`, filter)}
         group by t.public_latitude, t.public_longitude
      ) as p
     group by floor((p.public_longitude + 180) / 360 / ${cell}),
              floor((0.5 - ln((1 + sin(radians(p.public_latitude))) / (1 - sin(radians(p.public_latitude))))
                      / (4 * pi())) / ${cell})
     order by count desc
     limit ${limit}
  `;
}

export async function findCells(
  executor: Executor,
  filter: StolenBikeFilter & { bbox: Bbox },
  cell: number,
  limit: number,
): Promise<CellRow[]> {
  const result = await executor.execute(cellsQuery(filter, cell, limit));
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => ({
    count: Number(row.count),
    longitude: Number(row.longitude),
    latitude: Number(row.latitude),
    minLongitude: Number(row.min_longitude),
    maxLongitude: Number(row.max_longitude),
    minLatitude: Number(row.min_latitude),
    maxLatitude: Number(row.max_latitude),
    total: Number(row.total),
  }));
}

/** A stolen bike with what a stranger may know of it (the presenter decides what each level shows). */
export interface StolenBikeRow {
  bikeId: string;
  brand: string | null;
  model: string | null;
  color: string | null;
  category: string | null;
  isElectric: boolean;
  visibility: string;
  status: string;
  /** The report's region (the bike's at submission). */
  region: string;
  /** The day it was last seen, in Danish/Norwegian time (YYYY-MM-DD). */
  stolenOn: string;
  publicLatitude: number | null;
  publicLongitude: number | null;
  hasPublicPicture: boolean;
}

/*
 * What the bike looks like is what its owner told in the theft report (issue 27 walk 9): the colour
 * of the report's fields (its one public field read here), the category and electric flag copied at
 * submission; the registration's own where the report left them open.
 */
const bikeColumns = sql`
  b.id as bike_id, b.brand, b.model,
  coalesce(nullif(t.fields->>'bike_color', ''), b.color) as color,
  coalesce(t.category, b.category) as category,
  coalesce(t.is_electric, b.is_electric) as is_electric,
  b.visibility, b.status,
  coalesce(t.region, b.region) as region,
  to_char(coalesce(t.stolen_at, t.submitted_at) at time zone 'Europe/Copenhagen', 'YYYY-MM-DD') as stolen_on,
  t.public_latitude, t.public_longitude,
  exists (
    select 1 from bike_files f
     where f.bike_id = b.id and f.file_class = 'picture' and f.kind = 'public' and f.equipment_id is null
  ) as has_public_picture
`;

function toBikeRow(row: Record<string, unknown>): StolenBikeRow {
  return {
    bikeId: String(row.bike_id),
    brand: (row.brand as string | null) ?? null,
    model: (row.model as string | null) ?? null,
    color: (row.color as string | null) ?? null,
    category: (row.category as string | null) ?? null,
    isElectric: Boolean(row.is_electric),
    visibility: String(row.visibility),
    status: String(row.status),
    region: String(row.region),
    stolenOn: String(row.stolen_on),
    publicLatitude: row.public_latitude === null ? null : Number(row.public_latitude),
    publicLongitude: row.public_longitude === null ? null : Number(row.public_longitude),
    hasPublicPicture: Boolean(row.has_public_picture),
  };
}

/**
 * The bikes at these rounded places (the map's single bikes and small stacks), newest theft first,
 * at most `limit`.
 */
export async function findBikesAtPlaces(
  executor: Executor,
  filter: StolenBikeFilter,
  places: ReadonlyArray<{ longitude: number; latitude: number }>,
  limit: number,
): Promise<StolenBikeRow[]> {
  if (places.length === 0) return [];
  const result = await executor.execute(sql`
    select ${bikeColumns}
      from unnest(${sql.param(places.map((place) => place.longitude))}::float8[],
                  ${sql.param(places.map((place) => place.latitude))}::float8[]) as p(longitude, latitude)
      join theft_reports t
        on t.public_longitude = p.longitude and t.public_latitude = p.latitude and t.status = 'submitted'
      join bikes b on b.id = t.bike_id
     where ${where(stolen, { ...filter, bbox: null })}
     order by t.stolen_at desc, t.id desc
     limit ${limit}
  `);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map(toBikeRow);
}

/** A page of stolen bikes, newest theft first, and how many there are in all. */
export async function findBikesPage(
  executor: Executor,
  filter: StolenBikeFilter,
  offset: number,
  limit: number,
): Promise<{ rows: StolenBikeRow[]; total: number }> {
  const [page, count] = await Promise.all([
    // The page's reports first (theft_reports_stolen_at_idx, skipping by index), then their bikes.
    executor.execute(sql`
      select ${bikeColumns}
        from (
          select t.id from theft_reports t
           where ${where(sql`t.status = 'submitted'`, filter)}
           order by t.stolen_at desc, t.id desc
           limit ${limit} offset ${offset}
        ) as page
        join theft_reports t on t.id = page.id
        join bikes b on b.id = t.bike_id
       where ${stolen}
       order by t.stolen_at desc, t.id desc
    `),
    // Counted from the reports alone (theft_reports_stolen_at_idx), like the map's cells.
    executor.execute(sql`
      select count(*)::int as total from theft_reports t where ${where(sql`t.status = 'submitted'`, filter)}
    `),
  ]);
  const rows = (page as unknown as { rows: Array<Record<string, unknown>> }).rows.map(toBikeRow);
  const [counted] = (count as unknown as { rows: Array<{ total: number }> }).rows;
  return { rows, total: Number(counted?.total ?? 0) };
}

/** The bike if it is stolen now with a submitted report; null otherwise. */
export async function findStolenBike(executor: Executor, bikeId: string): Promise<StolenBikeRow | null> {
  const result = await executor.execute(sql`
    select ${bikeColumns}
      from theft_reports t join bikes b on b.id = t.bike_id
     where t.bike_id = ${bikeId} and ${stolen}
  `);
  const [row] = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return row ? toBikeRow(row) : null;
}

/** What a stolen bike's theft report says it looks like (public fields only); null where it says nothing. */
export interface ReportedLooks {
  color: string | null;
  category: string | null;
  isElectric: boolean | null;
}

/**
 * The looks the submitted theft reports of these bikes give (issue 27 walk 9), for public answers
 * made elsewhere (search): the colour of the report's fields, the category and electric flag copied
 * at submission. Bikes without a submitted report are absent from the map answered.
 */
export async function reportedLooksOfStolenBikes(
  executor: Executor,
  bikeIds: readonly string[],
): Promise<Map<string, ReportedLooks>> {
  if (bikeIds.length === 0) return new Map();
  const result = await executor.execute(sql`
    select t.bike_id, nullif(t.fields->>'bike_color', '') as color, t.category, t.is_electric
      from theft_reports t
     where t.status = 'submitted' and t.bike_id = any(${sql.param([...bikeIds])}::uuid[])
  `);
  return new Map(
    (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((row) => [
      String(row.bike_id),
      {
        color: (row.color as string | null) ?? null,
        category: (row.category as string | null) ?? null,
        isElectric:
          row.is_electric === null || row.is_electric === undefined ? null : Boolean(row.is_electric),
      },
    ]),
  );
}
