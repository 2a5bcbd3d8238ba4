/*
 * What the use cases need of search (an edge module: no module imports it). Issue 32 §1: which
 * organisations checked a bike by API lately, for their webhooks when it is reported stolen.
 */
export { recentChecksOfBike } from './checks.repository.ts';
