import type { Dashboard } from '@nbr/domain/backoffice-people';
import type { Executor } from '../../db/client.ts';
import type { BackofficeDeps } from './backoffice.service.ts';
import * as repository from './dashboard.repository.ts';

/** One queue on the dashboard: its key (the web app names and links it) and how to count it. */
export interface CountProvider {
  key: string;
  count: (executor: Executor, now: Date) => Promise<number>;
}

/**
 * The queues the dashboard counts, in the order it shows them. A new queue (support tickets, …)
 * adds its provider here and its name and link in the web app's `dashboard` texts.
 */
export const COUNT_PROVIDERS: readonly CountProvider[] = [
  { key: 'orders_to_pack', count: (executor) => repository.countOrdersToPack(executor) },
  { key: 'open_tickets', count: (executor) => repository.countOpenTickets(executor) },
  { key: 'stolen_reports_to_review', count: (executor) => repository.countTheftReportsToReview(executor) },
  { key: 'ownership_verifications', count: (executor) => repository.countOwnershipVerifications(executor) },
  { key: 'insurance_verifications', count: (executor) => repository.countInsuranceVerifications(executor) },
];

/** GET /backoffice/dashboard: the count of each queue (counts only, nothing about anyone). */
export async function getDashboard(
  deps: BackofficeDeps,
  providers: readonly CountProvider[] = COUNT_PROVIDERS,
): Promise<Dashboard> {
  const now = new Date();
  const counts = [];
  for (const provider of providers) {
    counts.push({ key: provider.key, count: await provider.count(deps.db, now) });
  }
  return { counts };
}
