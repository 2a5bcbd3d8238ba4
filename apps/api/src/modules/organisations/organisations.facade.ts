/*
 * What the use cases need of organisations (an edge module: no module imports it). Issue 32 §1: a bike
 * that organisations checked by API is reported stolen; their webhooks get an event, in the report's
 * transaction.
 */
export {
  type BikeCheckOfOrganisation,
  enqueueStolenBikeEvents,
} from './organisation-webhooks.service.ts';
