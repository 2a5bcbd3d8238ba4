import { todayInRegisterZone } from '@nbr/domain/bikes';
import type { OwnerFoundNoticeList, StaffFoundItem } from '@nbr/domain/found-matching';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './identity-helpers.ts';

/* "Possibly yours" (issue 32 §2) through HTTP: the calls its tests share. */

/** A calendar day this many days from today in the register's zone (YYYY-MM-DD). */
export function inDays(days: number): string {
  const day = new Date(`${todayInRegisterZone()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Six digits without a look-alike (no 0, 1, 2, 5, 8), so a serial folds to itself. */
export const digits = () => Array.from({ length: 6 }, () => '34679'[Math.floor(Math.random() * 5)]).join('');

export function inject(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

/** Our staff's view of one found item with its candidates. */
export async function staffItem(
  app: FastifyInstance,
  token: string,
  pickupId: string,
): Promise<StaffFoundItem> {
  const response = await inject(app, token, 'GET', `/api/backoffice/found-matches/${pickupId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffFoundItem>();
}

/** The caller's notices of found bikes like theirs. */
export async function notices(app: FastifyInstance, token: string): Promise<OwnerFoundNoticeList['notices']> {
  const response = await inject(app, token, 'GET', '/api/found-matches');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OwnerFoundNoticeList>().notices;
}
