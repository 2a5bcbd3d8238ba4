import type { Executor } from '../../db/client.ts';
import type { FieldEncryption } from '../../platform/crypto/field-encryption.ts';
import type { AddressLookup } from '../../platform/geo/address-lookup.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { ChatsDeps } from '../chats/chats.facade.ts';

/**
 * Someone reached a bike's owner through theft's forms: wrote to them (a signed-in contact, or a
 * guest's confirmed message) or holds the bike for them to collect. Called in that transaction;
 * app.ts wires it to use-cases/owner-contacted.ts (an insurer that paid out for the bike is
 * alerted), so theft knows nothing of insurance.
 */
export type OwnerContacted = (
  executor: Executor,
  contact: { bikeId: string; ownerPartyId: string; kind: 'message' | 'pickup' },
) => Promise<void>;

/**
 * A bike was reported stolen (its theft report submitted), in that transaction. app.ts wires it to
 * use-cases/bike-reported-stolen.ts (organisations that checked the bike by API lately hear of it
 * through their webhooks), so theft knows nothing of checks or webhooks.
 */
export type BikeReportedStolen = (
  executor: Executor,
  report: { bikeId: string; theftReportId: string; reportedAt: Date; stolenSince: Date | null },
) => Promise<void>;

/**
 * A bike was reported found, taken in by a town or the police, or handed over from a dock: its pickup
 * is registered. Called in that transaction; app.ts wires it to the "possibly yours" matching
 * (search/found-matches.service.ts, issue 32 §2), which holds it against the open theft reports.
 */
export type BikeFoundCallback = (
  executor: Executor,
  found: {
    pickupId: string;
    source: 'reported_found' | 'taken_in' | 'left_in_dock';
    /** Where it was found when a place is known (a dock's); a pickup's place is words only. */
    location: { latitude: number; longitude: number } | null;
  },
) => Promise<unknown>;

/** What the theft context (reports, found, the public map, contact and pickups) needs; app.ts builds it once. */
export interface TheftDeps extends ChatsDeps {
  storage: FileStorage;
  /** Seals the national id number of a theft report. */
  encryption: FieldEncryption;
  /** MAP_STYLE_URL: a basemap with real tiles; null for the built-in offline one. */
  mapStyleUrl: string | null;
  /** Places a typed address (DAWA, Kartverket, or their stand-in; ADDRESS_LOOKUP). */
  addressLookup: AddressLookup;
  onOwnerContacted: OwnerContacted;
  onBikeReportedStolen: BikeReportedStolen;
  onBikeFound: BikeFoundCallback;
  /** Where failures of best-effort work after commit (live delivery, mails) are reported. */
  log?: { error(details: object, message: string): void };
}
