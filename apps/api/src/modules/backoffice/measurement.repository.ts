import { WEB_VITAL_KIND, WEB_VITAL_NAMES, type WebVitalName } from '@nbr/domain/measurement';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/*
 * Issue 30 §2: the team's own view of what the product does for people. The funnel counts come
 * from the tables that hold the facts (so they do not depend on anyone's consent to measurement);
 * the web vitals come from the tracking events the browser sends after consent. Days are UTC days.
 */

export interface FunnelDayRow {
  date: string;
  signUps: number;
  firstBikes: number;
  purchases: number;
  theftReports: number;
}

export interface WebVitalRow {
  path: string;
  metric: WebVitalName;
  count: number;
  p50: number;
  p75: number;
  p95: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Per day from `from` to `to` (inclusive): confirmed sign-ups, people and organisations registering
 * their first bike, orders paid, and theft reports submitted.
 */
export async function funnelPerDay(executor: Executor, from: string, to: string): Promise<FunnelDayRow[]> {
  const result = await executor.execute(sql`
    with days as (
      select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day
    ),
    sign_ups as (
      select (signed_up_at at time zone 'UTC')::date as day, count(*)::int as value
        from identities
       where awaiting_sign_up_confirmation = false
         and signed_up_at >= ${from}::date and signed_up_at < ${to}::date + 1
       group by 1
    ),
    first_bikes as (
      select (first_at at time zone 'UTC')::date as day, count(*)::int as value
        from (
          select owner_party_id, min(started_at) as first_at
            from bike_ownerships
           where how = 'registered'
           group by owner_party_id
        ) as firsts
       where first_at >= ${from}::date and first_at < ${to}::date + 1
       group by 1
    ),
    purchases as (
      select (paid_at at time zone 'UTC')::date as day, count(*)::int as value
        from orders
       where paid_at >= ${from}::date and paid_at < ${to}::date + 1
       group by 1
    ),
    theft as (
      select (submitted_at at time zone 'UTC')::date as day, count(*)::int as value
        from theft_reports
       where submitted_at >= ${from}::date and submitted_at < ${to}::date + 1
       group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as date,
           coalesce(sign_ups.value, 0) as "signUps",
           coalesce(first_bikes.value, 0) as "firstBikes",
           coalesce(purchases.value, 0) as purchases,
           coalesce(theft.value, 0) as "theftReports"
      from days
      left join sign_ups on sign_ups.day = days.day
      left join first_bikes on first_bikes.day = days.day
      left join purchases on purchases.day = days.day
      left join theft on theft.day = days.day
     order by days.day
  `);
  return rowsOf<FunnelDayRow>(result).map((row) => ({
    date: row.date,
    signUps: Number(row.signUps),
    firstBikes: Number(row.firstBikes),
    purchases: Number(row.purchases),
    theftReports: Number(row.theftReports),
  }));
}

/** How many page-and-metric rows the view shows at most (the most measured first). */
const MAX_WEB_VITAL_ROWS = 200;

/**
 * The 50th, 75th and 95th percentile of each web vital per page (the route pattern the browser
 * sent). Events come from anyone's browser: only known metric names, a numeric value and a path
 * that looks like a route pattern are read.
 */
export async function webVitalPercentiles(
  executor: Executor,
  from: string,
  to: string,
): Promise<WebVitalRow[]> {
  const names = sql.join(
    WEB_VITAL_NAMES.map((name) => sql`${name}`),
    sql`, `,
  );
  const result = await executor.execute(sql`
    select properties->>'path' as path,
           name as metric,
           count(*)::int as count,
           percentile_cont(0.5) within group (order by (properties->>'value')::float8) as p50,
           percentile_cont(0.75) within group (order by (properties->>'value')::float8) as p75,
           percentile_cont(0.95) within group (order by (properties->>'value')::float8) as p95
      from tracking_events
     where kind = ${WEB_VITAL_KIND}
       and name in (${names})
       and created_at >= ${from}::date and created_at < ${to}::date + 1
       and jsonb_typeof(properties->'value') = 'number'
       and properties->>'path' ~ '^/[A-Za-z0-9/:*_.-]{0,199}$'
     group by 1, 2
     order by count(*) desc, 1, 2
     limit ${MAX_WEB_VITAL_ROWS}
  `);
  return rowsOf<WebVitalRow>(result).map((row) => ({
    path: row.path,
    metric: row.metric,
    count: Number(row.count),
    p50: Number(row.p50),
    p75: Number(row.p75),
    p95: Number(row.p95),
  }));
}
