import { todayInRegisterZone } from '@nbr/domain/bikes';
import {
  FOUND_MATCH_LIMIT,
  FOUND_MATCH_NEAR_KM,
  FOUND_MATCH_WINDOW_DAYS,
  type FoundItemFacts,
  type FoundItemSource,
  type FoundMatchClaimResult,
  type FoundMatchDecisionInput,
  type FoundMatchScore,
  type OwnerFoundNoticeList,
  STAFF_FOUND_ITEMS_LIMIT,
  type StaffFoundItem,
  type StaffFoundItemList,
  scoreFoundMatch,
  settleStrong,
} from '@nbr/domain/found-matching';
import { identifierKeys } from '@nbr/domain/identifiers';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import {
  announceQuietly,
  type ChatsDeps,
  openBikeChat,
  type PostedMessage,
  postMessage,
} from '../chats/chats.facade.ts';
import { findOrganisationsByIds, findPersonById } from '../identity/identity.facade.ts';
import { rankCloseSerials } from './close-serial.service.ts';
import { foundMatchMail } from './found-matches.mails.ts';
import { presentOwnerNotice, presentStaffFoundItem } from './found-matches.presenter.ts';
import * as repository from './found-matches.repository.ts';

/*
 * "Possibly yours" (issue 32 §2): a bike reported found, taken in by a town or the police, or handed
 * over from a dock is held against the open theft reports when its pickup is registered (theft calls
 * `matchFoundPickup` in that transaction through its deps; app.ts wires it). Candidates are stored
 * once per item and report; a strong one tells the report's owner once, by mail and on their page of
 * notices, from where they claim it in a chat with the holder. Our staff see every candidate.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A found item for the rule, with where to look for look-alikes and the bike it is (left out). */
export interface FoundItem extends FoundItemFacts {
  region: string | null;
  /** The registered bike the item is, when it is one: its own report is the pickup's business. */
  bikeId: string | null;
}

export interface FoundCandidate {
  report: repository.StolenBikeRow;
  match: FoundMatchScore;
}

function pointOf(row: { latitude: number | null; longitude: number | null }) {
  return row.latitude !== null && row.longitude !== null
    ? { latitude: row.latitude, longitude: row.longitude }
    : null;
}

/**
 * The open theft reports a found item may be, best first (at most FOUND_MATCH_LIMIT): its frame
 * number and sticker exactly and by look-alike key, its frame number by close serial (the same
 * lookup as the police's and staff's close-serial search), and by brand, place and time.
 */
export async function findFoundMatchCandidates(
  executor: Executor,
  item: FoundItem,
): Promise<FoundCandidate[]> {
  // One statement after another: the executor may be the event's transaction (one connection).
  const bikeIds = new Set<string>(await repository.findStolenBikeIdsByLookAlike(executor, item));
  if (item.frameKey) {
    for (const hit of await rankCloseSerials(executor, item.frameKey)) bikeIds.add(hit.bikeId);
  }
  if (item.brand) {
    const kmPerDegree = 111.2;
    const latitude = item.location?.latitude ?? 0;
    const byLooks = await repository.findStolenBikeIdsByLooks(executor, {
      brand: item.brand,
      colour: item.colour,
      region: item.region,
      location: item.location,
      boxDegrees: {
        latitude: FOUND_MATCH_NEAR_KM / kmPerDegree,
        longitude: FOUND_MATCH_NEAR_KM / (kmPerDegree * Math.max(0.1, Math.cos((latitude * Math.PI) / 180))),
      },
      from: new Date(item.foundAt.getTime() - FOUND_MATCH_WINDOW_DAYS * DAY_MS),
      until: item.foundAt,
    });
    for (const id of byLooks) bikeIds.add(id);
  }
  if (item.bikeId) bikeIds.delete(item.bikeId);
  const reports = await repository.findOpenReportsOfBikes(executor, [...bikeIds]);
  const candidates: FoundCandidate[] = [];
  for (const report of reports) {
    const match = scoreFoundMatch(item, { ...report, location: pointOf(report), stolenAt: report.stolenAt });
    if (match) candidates.push({ report, match });
  }
  const settled = settleStrong(candidates);
  settled.sort((a, b) => b.match.score - a.match.score || a.report.reportId.localeCompare(b.report.reportId));
  return settled.slice(0, FOUND_MATCH_LIMIT);
}

function itemOfPickup(row: repository.FoundPickupRow): FoundItem {
  // An unregistered bike's identifier may be a frame number or a sticker: it is compared as both.
  const typed = row.bikeId === null && row.foundIdentifier ? identifierKeys(row.foundIdentifier) : null;
  return {
    frameKey: typed ? typed.key : row.frameKey,
    frameLookAlike: typed ? typed.lookAlike : row.frameLookAlike,
    stickerKey: typed ? typed.key : row.stickerKey,
    stickerLookAlike: typed ? typed.lookAlike : row.stickerLookAlike,
    brand: row.brand,
    colour: row.colour,
    category: row.category,
    // Where it was found, when the holder (or the dock) gave a point; else the place is words only.
    location: pointOf(row),
    foundAt: row.foundOn ? new Date(`${row.foundOn}T12:00:00Z`) : row.createdAt,
    region: row.region,
    bikeId: row.bikeId,
  };
}

/** What theft tells when a pickup is registered: the pickup and which of the three events it was. */
export interface BikeFound {
  pickupId: string;
  source: FoundItemSource;
  /** Where it was found, when a place is known (a dock's). */
  location: { latitude: number; longitude: number } | null;
}

/**
 * Matches a found item (a pickup) against the open theft reports and stores the candidates, in the
 * caller's transaction; matching the same item again adds only what is new. Each new strong match
 * is mailed to the report's owner (through the outbox, so only if the transaction commits) and
 * marked notified: an owner is told once per found item and report.
 */
export async function matchFoundPickup(
  executor: Executor,
  publicUrl: string,
  found: BikeFound,
): Promise<number> {
  const [pickup] = await repository.findFoundPickups(executor, [found.pickupId]);
  if (!pickup) return 0;
  const item = itemOfPickup(pickup);
  const candidates = await findFoundMatchCandidates(executor, {
    ...item,
    location: found.location ?? item.location,
  });
  const now = new Date();
  const inserted = await repository.insertMatches(
    executor,
    candidates
      // The holder's own report (a town or finder never holds a bike for themself).
      .filter((candidate) => candidate.report.ownerPartyId !== pickup.holderPartyId)
      .map((candidate) => ({
        id: uuidv7(now.getTime()),
        pickupId: pickup.pickupId,
        source: found.source,
        theftReportId: candidate.report.reportId,
        bikeId: candidate.report.bikeId,
        ownerPartyId: candidate.report.ownerPartyId,
        score: candidate.match.score,
        reasons: candidate.match.reasons,
        strong: candidate.match.strong,
        createdAt: now,
      })),
  );
  const strong = inserted.filter((row) => row.strong);
  if (strong.length > 0) {
    const holder = (await findOrganisationsByIds(executor, [pickup.holderPartyId])).get(pickup.holderPartyId);
    const bikes = new Map(candidates.map((candidate) => [candidate.report.bikeId, candidate.report]));
    for (const row of strong) {
      const owner = await findPersonById(executor, row.ownerPartyId);
      const bike = bikes.get(row.bikeId);
      if (!owner || !bike) continue;
      await enqueueMail(
        executor,
        foundMatchMail({
          to: owner.email,
          language: owner.language,
          source: found.source,
          holder: holder?.name ?? null,
          bike: describeBike(bike),
          foundOn: foundDay(pickup),
          publicUrl,
        }),
      );
    }
    await repository.markNotified(
      executor,
      strong.map((row) => row.id),
      now,
    );
  }
  return inserted.length;
}

function foundDay(pickup: { foundOn: string | null; createdAt: Date }): string {
  return pickup.foundOn ?? todayInRegisterZone(pickup.createdAt);
}

function describeBike(bike: { nickname: string | null; brand: string | null; model: string | null }): string {
  const make = [bike.brand, bike.model].filter(Boolean).join(' ');
  if (!bike.nickname) return make;
  return make ? `»${bike.nickname}« (${make})` : `»${bike.nickname}«`;
}

function requireId(value: string): string {
  if (!isUuid(value)) throw new AppError('not_found');
  return value.toLowerCase();
}

async function staffItems(executor: Executor, pickupIds: string[]): Promise<StaffFoundItem[]> {
  const [pickups, matches] = await Promise.all([
    repository.findFoundPickups(executor, pickupIds),
    repository.findMatchesOfPickups(executor, pickupIds),
  ]);
  const reports = new Map(
    (
      await repository.findOpenOrClosedReports(executor, [
        ...new Set(matches.map((match) => match.theftReportId)),
      ])
    ).map((row) => [row.reportId, row]),
  );
  const holders = await findOrganisationsByIds(
    executor,
    pickups.map((pickup) => pickup.holderPartyId),
  );
  const byId = new Map(pickups.map((pickup) => [pickup.pickupId, pickup]));
  const items: StaffFoundItem[] = [];
  for (const id of pickupIds) {
    const pickup = byId.get(id);
    if (!pickup) continue;
    const own = matches.filter((match) => match.pickupId === id);
    items.push(
      presentStaffFoundItem(pickup, own, reports, {
        source: (own[0]?.source ?? 'reported_found') as FoundItemSource,
        holder: holders.get(pickup.holderPartyId)?.name ?? null,
        foundOn: foundDay(pickup),
      }),
    );
  }
  return items;
}

/** GET /api/backoffice/found-matches: found items with candidates, newest first (the route checks staff). */
export async function listFoundItemsForStaff(executor: Executor): Promise<StaffFoundItemList> {
  return {
    items: await staffItems(
      executor,
      await repository.listRecentPickupIds(executor, STAFF_FOUND_ITEMS_LIMIT, FOUND_MATCH_LIMIT),
    ),
  };
}

/** GET /api/backoffice/found-matches/{pickup_id}: one found item and its ranked candidates. */
export async function getFoundItemForStaff(executor: Executor, pickupId: string): Promise<StaffFoundItem> {
  const [item] = await staffItems(executor, [requireId(pickupId)]);
  if (!item) throw new AppError('not_found');
  return item;
}

/**
 * POST /api/backoffice/found-matches/{pickup_id}/rematch: matches the item again (after the register
 * changed); candidates and notices already stored stay as they are.
 */
export async function rematchFoundItem(deps: ChatsDeps, pickupId: string): Promise<StaffFoundItem> {
  const id = requireId(pickupId);
  await deps.db.transaction(async (tx) => {
    const existing = await repository.findMatchesOfPickups(tx, [id]);
    const [pickup] = await repository.findFoundPickups(tx, [id]);
    if (!pickup) throw new AppError('not_found');
    await matchFoundPickup(tx, deps.publicUrl, {
      pickupId: id,
      source: (existing[0]?.source ?? 'reported_found') as FoundItemSource,
      // The place stored with the pickup, when it has one (itemOfPickup).
      location: null,
    });
  });
  return getFoundItemForStaff(deps.db, id);
}

/** PUT /api/backoffice/found-match-candidates/{match_id}/decision: our staff dismiss or confirm a candidate. */
export async function decideFoundMatch(
  deps: ChatsDeps,
  auth: RequestAuth,
  matchId: string,
  input: FoundMatchDecisionInput,
): Promise<StaffFoundItem> {
  const id = requireId(matchId);
  const pickupId = await deps.db.transaction(async (tx) => {
    const match = await repository.findMatchById(tx, id, true);
    if (!match) throw new AppError('not_found');
    if (match.decision !== input.decision) {
      await repository.setDecision(tx, id, input.decision, auth.identityPartyId, new Date());
      await recordAuditEventBy(tx, auth, {
        action: 'found_match.decided',
        targetPartyId: match.ownerPartyId,
        details: {
          match_id: id,
          pickup_id: match.pickupId,
          theft_report_id: match.theftReportId,
          before: match.decision,
          after: input.decision,
        },
      });
    }
    return match.pickupId;
  });
  return getFoundItemForStaff(deps.db, pickupId);
}

/** GET /api/found-matches: the caller's notices, a bike like theirs that was found (strong matches). */
export async function listOwnerNotices(deps: ChatsDeps, auth: RequestAuth): Promise<OwnerFoundNoticeList> {
  const matches = await repository.listNoticesOfOwner(deps.db, auth.partyId);
  if (matches.length === 0) return { notices: [] };
  const [pickups, reports] = await Promise.all([
    repository.findFoundPickups(
      deps.db,
      matches.map((match) => match.pickupId),
    ),
    repository.findOpenOrClosedReports(
      deps.db,
      matches.map((match) => match.theftReportId),
    ),
  ]);
  const holders = await findOrganisationsByIds(
    deps.db,
    pickups.map((pickup) => pickup.holderPartyId),
  );
  const pickupById = new Map(pickups.map((pickup) => [pickup.pickupId, pickup]));
  const reportById = new Map(reports.map((report) => [report.reportId, report]));
  const notices = [];
  for (const match of matches) {
    const pickup = pickupById.get(match.pickupId);
    const report = reportById.get(match.theftReportId);
    if (!pickup || !report) continue;
    notices.push(
      presentOwnerNotice(match, {
        bikeName: describeBike(report) || report.frameNumber || '',
        holder: holders.get(pickup.holderPartyId)?.name ?? null,
        foundOn: foundDay(pickup),
      }),
    );
  }
  return { notices };
}

/**
 * POST /api/found-matches/{match_id}/claim: the owner says it may be theirs. Opens (or reopens) the
 * chat about their stolen bike with whoever holds the found one, as a contact about a bike does: the
 * holder sees neither the owner's name nor address until the owner writes. Only the owner of a told
 * match; anyone else hears 404.
 */
export async function claimFoundMatch(
  deps: ChatsDeps,
  auth: RequestAuth,
  matchId: string,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<FoundMatchClaimResult> {
  const id = requireId(matchId);
  const now = new Date();
  const { chatId, posted } = await deps.db.transaction(async (tx) => {
    const match = await repository.findMatchById(tx, id, true);
    if (
      !match ||
      match.ownerPartyId !== auth.partyId ||
      !match.notifiedAt ||
      match.decision === 'dismissed'
    ) {
      throw new AppError('not_found');
    }
    if (match.chatId) return { chatId: match.chatId, posted: null as PostedMessage | null };
    const [pickup] = await repository.findFoundPickups(tx, [match.pickupId]);
    if (!pickup) throw new AppError('not_found');
    const holderIsOrganisation = (await findOrganisationsByIds(tx, [pickup.holderPartyId])).has(
      pickup.holderPartyId,
    );
    const chat = await openBikeChat(tx, {
      bikeId: match.bikeId,
      ownerPartyId: match.ownerPartyId,
      senderPartyId: pickup.holderPartyId,
      senderNameVisible: holderIsOrganisation,
    });
    const message = await postMessage(tx, {
      kind: 'system',
      chatId: chat,
      systemEvent: 'found_match_claimed',
      readBy: auth.partyId,
    });
    await repository.setClaimed(tx, id, chat, now);
    return { chatId: chat, posted: message };
  });
  if (posted) await announceQuietly(deps, [posted], log);
  return { chat_id: chatId };
}
