import { CHECK_WEBHOOK_WINDOW_DAYS } from '@nbr/domain/checks';
import * as organisations from '../modules/organisations/organisations.facade.ts';
import * as search from '../modules/search/search.facade.ts';
import type { BikeReportedStolen } from '../modules/theft/theft.facade.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Theft's "a bike was reported stolen" callback (TheftDeps.onBikeReportedStolen, wired in app.ts), in
 * the report's transaction (issue 32 §1): every organisation that checked the bike by API within
 * CHECK_WEBHOOK_WINDOW_DAYS and has a webhook gets one `bike.reported_stolen` event in its outbox
 * (search keeps the checks, organisations the webhooks and their delivery).
 */
export const bikeReportedStolen: BikeReportedStolen = async (executor, report) => {
  const since = new Date(report.reportedAt.getTime() - CHECK_WEBHOOK_WINDOW_DAYS * DAY_MS);
  const checks = await search.recentChecksOfBike(executor, report.bikeId, since);
  if (checks.length === 0) return;
  await organisations.enqueueStolenBikeEvents(executor, checks, report);
};
