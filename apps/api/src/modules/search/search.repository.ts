import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';

/** One candidate of a search: a bike and the identifier of it that matched. */
export interface SearchRow {
  /** 0: the normalised key matched; 1: only the look-alike key did. */
  rank: number;
  identifier: 'frame_number' | 'plate_id';
  matchedValue: string;
  bikeId: string;
  status: string;
  visibility: string;
  brand: string | null;
  model: string | null;
  color: string | null;
  category: string | null;
  /** Whether the bike has a public picture (bike_files kind public); only then are files read. */
  hasPublicPicture: boolean;
}

type Value<T> = T | Placeholder;

/**
 * Exact and look-alike candidates in one statement, each branch one index lookup:
 * bikes_frame_number_key (unique), the stickers primary key, bikes_frame_number_look_alike_idx and
 * stickers_look_alike_idx, then the bike by primary key (and its files by bike_files_bike_idx for the
 * picture flag). Bikes nobody else may see (private and not stolen, bikes.policy publicLevel 'none')
 * are left out here already so they do not use up the limit; the service still decides what each hit
 * shows. Look-alike branches skip the exact key, and each branch is capped, so a look-alike key shared
 * by many bikes costs no more than `limit` rows. Exported so tests and the benchmark can EXPLAIN it.
 */
export function candidatesQuery(key: Value<string>, lookAlike: Value<string>, limit: Value<number>): SQL {
  return sql`
    select c.*, picture.present is not null as has_public_picture
      from (
        (select 0 as rank, 'frame_number' as identifier, b.frame_number as matched_value, b.id as bike_id,
                b.status, b.visibility, b.brand, b.model, b.color, b.category
           from bikes b
          where b.frame_number_key = ${key}
            and (b.visibility <> 'private' or b.status = 'stolen'))
        union all
        (select 0, 'plate_id', s.code, b.id, b.status, b.visibility, b.brand, b.model, b.color, b.category
           from stickers s join bikes b on b.id = s.bike_id
          where s.code = ${key}
            and (b.visibility <> 'private' or b.status = 'stolen'))
        union all
        (select 1, 'frame_number', b.frame_number, b.id, b.status, b.visibility, b.brand, b.model, b.color,
                b.category
           from bikes b
          where b.frame_number_look_alike = ${lookAlike} and b.frame_number_key <> ${key}
            and (b.visibility <> 'private' or b.status = 'stolen')
          order by b.frame_number_key
          limit ${limit})
        union all
        (select 1, 'plate_id', s.code, b.id, b.status, b.visibility, b.brand, b.model, b.color, b.category
           from stickers s join bikes b on b.id = s.bike_id
          where s.look_alike = ${lookAlike} and s.code <> ${key}
            and (b.visibility <> 'private' or b.status = 'stolen')
          order by s.code
          limit ${limit})
      ) as c
      left join lateral (
        select true as present from bike_files f
         where f.bike_id = c.bike_id and f.file_class = 'picture' and f.kind = 'public'
           and f.equipment_id is null
         limit 1
      ) as picture on true
  `;
}

function prepareCandidates(db: Executor) {
  const c = (column: string) => sql.raw(`candidates.${column}`);
  return db
    .select({
      rank: sql<number>`${c('rank')}`,
      identifier: sql<SearchRow['identifier']>`${c('identifier')}`,
      matchedValue: sql<string>`${c('matched_value')}`,
      bikeId: sql<string>`${c('bike_id')}`,
      status: sql<string>`${c('status')}`,
      visibility: sql<string>`${c('visibility')}`,
      brand: sql<string | null>`${c('brand')}`,
      model: sql<string | null>`${c('model')}`,
      color: sql<string | null>`${c('color')}`,
      category: sql<string | null>`${c('category')}`,
      hasPublicPicture: sql<boolean>`${c('has_public_picture')}`,
    })
    .from(
      sql`(${candidatesQuery(sql.placeholder('key'), sql.placeholder('lookAlike'), sql.placeholder('limit'))}) as candidates`,
    )
    .prepare('search_candidates');
}

/** Prepared per database (db/prepared.ts): planning the union costs several times more than running it. */
const candidatesStatementOf = preparedPerDatabase(prepareCandidates);

export async function findCandidates(
  db: Database,
  key: string,
  lookAlike: string,
  limit: number,
): Promise<SearchRow[]> {
  return candidatesStatementOf(db).execute({ key, lookAlike, limit });
}
