import type { BikeCategory, BikeColor, BikeStatus } from '@nbr/domain/bikes';
import { canUseCloseSerialSearch } from '@nbr/domain/close-serial';
import { canHoldBikesForOwners } from '@nbr/domain/finds';
import { identifierKeys, identifierShapeProblem } from '@nbr/domain/identifiers';
import { RegionSchema } from '@nbr/domain/locale';
import {
  canRevealOwnerContact,
  canSeeLastDockParking,
  canUseOrgBikeSearch,
  ORG_SEARCH_RESULT_LIMIT,
  type OrgBikeDetail,
  type OrgBikeHistoryEntry,
  type OrgBikeHit,
  type OrgBikeSearchQuery,
  type OrgBikeSearchResponse,
  type OrgMessageResult,
  type OwnerContact,
} from '@nbr/domain/org-search';
import { normalisePoliceCaseNumber } from '@nbr/domain/police-case-number';
import { OWNER_CONTACT_REVEALS_PER_DAY } from '@nbr/domain/sensitive-reads';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import { queueReadBudgetMails, takeReadBudget } from '../../platform/audit/read-budget.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  announceQuietly,
  type ChatsDeps,
  chatIdOfBikeStarter,
  writeToBikeOwner,
} from '../chats/chats.facade.ts';
import { lastDockParkingOfBike } from '../docks/docks.facade.ts';
import {
  findActingOrganisation,
  findPeopleByIds,
  findPersonById,
  partyNames,
} from '../identity/identity.facade.ts';
import { closeSerialKeyOf, type RankedCloseSerial, rankCloseSerials } from './close-serial.service.ts';
import * as repository from './org-bike-search.repository.ts';

/*
 * /org-bike-search (issue 17 §3): members acting for the police, a municipality or an insurer
 * search the register in their work. They see every registered bike with its history, never the
 * owner: they write to the owner through the register, and the police alone see the owner's contact
 * details after stating a case number. Opening a bike and revealing a contact are audited with the
 * owner as the target and the organisation in the details: the owner's access log shows them.
 * The police also see where a stolen bike was last locked in a dock (issue 28).
 */

export type OrgSearchDeps = ChatsDeps;

interface SearchingOrganisation {
  partyId: string;
  type: string;
}

/** The organisation the caller acts for, when it may search; 403 otherwise. */
async function requireSearchingOrganisation(
  executor: Executor,
  auth: RequestAuth,
): Promise<SearchingOrganisation> {
  const organisation = await findActingOrganisation(executor, auth);
  if (!organisation || !canUseOrgBikeSearch(organisation.type)) {
    throw new AppError('organisation_search_not_allowed');
  }
  return organisation;
}

function presentHit(row: repository.OrgBikeRow, close?: RankedCloseSerial): OrgBikeHit {
  return {
    bike_id: row.bikeId,
    frame_number: row.frameNumber,
    plate_id: row.plateId,
    brand: row.brand,
    model: row.model,
    color: row.color as BikeColor | null,
    category: row.category as BikeCategory | null,
    is_electric: row.isElectric,
    region: row.region,
    status: row.status as BikeStatus,
    stolen_since: row.status === 'stolen' && row.stolenSince ? row.stolenSince.toISOString() : null,
    owner_verified: row.ownerVerifiedAt !== null,
    registered_at: row.createdAt.toISOString(),
    close_match: close ? { distance: close.distance, shared_prefix: close.sharedPrefix } : null,
  };
}

/** GET /api/org-bike-search. */
export async function searchBikes(
  deps: OrgSearchDeps,
  auth: RequestAuth,
  query: OrgBikeSearchQuery,
): Promise<OrgBikeSearchResponse> {
  const organisation = await requireSearchingOrganisation(deps.db, auth);
  if (query.close === 'yes') {
    if (!canUseCloseSerialSearch(organisation.type)) throw new AppError('close_serial_search_police_only');
    return searchCloseSerials(deps.db, query);
  }
  // A typed identifier no frame or sticker can carry finds nothing (as in the public search).
  if (query.q !== undefined && identifierShapeProblem(query.q)) return { results: [], truncated: false };
  const rows = await repository.searchBikes(
    deps.db,
    {
      identifier: query.q !== undefined ? identifierKeys(query.q) : undefined,
      brand: query.brand,
      model: query.model,
      color: query.color,
      stolen: query.stolen === undefined ? undefined : query.stolen === 'yes',
    },
    ORG_SEARCH_RESULT_LIMIT + 1,
  );
  return {
    results: rows.slice(0, ORG_SEARCH_RESULT_LIMIT).map((row) => presentHit(row)),
    truncated: rows.length > ORG_SEARCH_RESULT_LIMIT,
  };
}

/** The closest frame numbers a close-serial search narrows by the other criteria (more: truncated). */
const CLOSE_SERIAL_CONSIDERED = 1000;

/**
 * The close-serial search (issue 32 §3): frame numbers within distance 2 of `q`, closest and
 * same-prefix first, narrowed by the other criteria; each hit says how it matched.
 */
async function searchCloseSerials(
  executor: Executor,
  query: OrgBikeSearchQuery,
): Promise<OrgBikeSearchResponse> {
  const ranked = await rankCloseSerials(executor, closeSerialKeyOf(query.q ?? '', ['query', 'q']));
  if (ranked.length === 0) return { results: [], truncated: false };
  const considered = ranked.slice(0, CLOSE_SERIAL_CONSIDERED);
  const rows = await repository.searchBikes(
    executor,
    {
      bikeIds: considered.map((match) => match.bikeId),
      brand: query.brand,
      model: query.model,
      color: query.color,
      stolen: query.stolen === undefined ? undefined : query.stolen === 'yes',
    },
    CLOSE_SERIAL_CONSIDERED,
  );
  const rowOf = new Map(rows.map((row) => [row.bikeId, row]));
  const hits: OrgBikeHit[] = [];
  for (const match of considered) {
    const row = rowOf.get(match.bikeId);
    if (row) hits.push(presentHit(row, match));
  }
  return {
    results: hits.slice(0, ORG_SEARCH_RESULT_LIMIT),
    truncated: hits.length > ORG_SEARCH_RESULT_LIMIT || ranked.length > CLOSE_SERIAL_CONSIDERED,
  };
}

async function findBikeOrThrow(executor: Executor, bikeId: string): Promise<repository.OrgBikeRow> {
  if (!isUuid(bikeId)) throw new AppError('not_found');
  const row = await repository.findBike(executor, bikeId.toLowerCase());
  if (!row) throw new AppError('not_found');
  return row;
}

/** The bike's history as an organisation may see it, newest first: never who owned it. */
async function historyOf(executor: Executor, row: repository.OrgBikeRow): Promise<OrgBikeHistoryEntry[]> {
  const [ownerships, reports, pickups] = await Promise.all([
    repository.listOwnershipStarts(executor, row.bikeId),
    repository.listTheftReports(executor, row.bikeId),
    repository.listPickups(executor, row.bikeId),
  ]);
  const holders = await partyNames(
    executor,
    pickups.map((pickup) => pickup.holderPartyId),
  );
  // A person who found the bike is never named to others; an organisation is.
  const holderName = async (partyId: string) =>
    (await findPersonById(executor, partyId)) ? null : (holders.get(partyId) ?? null);
  const entries: OrgBikeHistoryEntry[] = [
    { event: 'registered', at: row.createdAt.toISOString(), holder_name: null, place: null },
  ];
  for (const ownership of ownerships.slice(1)) {
    entries.push({
      event: 'ownership_changed',
      at: ownership.startedAt.toISOString(),
      holder_name: null,
      place: null,
    });
  }
  for (const report of reports) {
    if (report.submittedAt) {
      entries.push({
        event: 'reported_stolen',
        at: report.submittedAt.toISOString(),
        holder_name: null,
        place: null,
      });
    }
    if (report.closedAt && report.closedReason === 'found') {
      entries.push({
        event: 'reported_found',
        at: report.closedAt.toISOString(),
        holder_name: null,
        place: null,
      });
    }
  }
  for (const pickup of pickups) {
    const name = await holderName(pickup.holderPartyId);
    entries.push({
      event: 'held',
      at: pickup.createdAt.toISOString(),
      holder_name: name,
      place: pickup.place,
    });
    const closed = { collected: 'collected', released: 'released', cancelled: 'hold_cancelled' } as const;
    const event = closed[pickup.status as keyof typeof closed];
    if (event && pickup.closedAt) {
      entries.push({ event, at: pickup.closedAt.toISOString(), holder_name: name, place: pickup.place });
    }
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at));
}

/** GET /api/org-bike-search/bikes/{bike_id}: one bike with its history; audited as a look-up. */
export async function getBike(
  deps: OrgSearchDeps,
  auth: RequestAuth,
  bikeId: string,
): Promise<OrgBikeDetail> {
  return deps.db.transaction(async (tx) => {
    const organisation = await requireSearchingOrganisation(tx, auth);
    const row = await findBikeOrThrow(tx, bikeId);
    const isOwn = row.ownerPartyId === organisation.partyId;
    if (!isOwn) {
      await recordAuditEventBy(tx, auth, {
        action: 'org_search.bike_viewed',
        targetPartyId: row.ownerPartyId,
        details: { organisation_party_id: organisation.partyId, bike_id: row.bikeId },
      });
    }
    const actions: OrgBikeDetail['actions'] = [];
    if (!isOwn) {
      actions.push('message');
      if (canRevealOwnerContact(organisation.type)) actions.push('reveal_contact');
      if (canHoldBikesForOwners(organisation.type) && !(await repository.hasWaitingPickup(tx, row.bikeId))) {
        actions.push('hold');
      }
    }
    // Issue 28: the police see where a stolen bike was last locked in a dock; nobody else does.
    const showsDockParking = canSeeLastDockParking(organisation.type) && row.status === 'stolen';
    return {
      ...presentHit(row),
      history: await historyOf(tx, row),
      actions,
      chat_id: await chatIdOfBikeStarter(tx, row.bikeId, organisation.partyId),
      last_dock_parking: showsDockParking ? await lastDockParkingOfBike(tx, row.bikeId) : null,
    };
  });
}

/**
 * POST /api/org-bike-search/bikes/{bike_id}/owner-contact: the police, with a case number, see how
 * to reach the owner (a person's name, address, e-mail and phones; an organisation's name). Audited
 * with the case number, which the owner sees in their access log.
 */
export async function revealOwnerContact(
  deps: OrgSearchDeps,
  auth: RequestAuth,
  bikeId: string,
  caseNumber: string,
): Promise<OwnerContact> {
  return deps.db.transaction(async (tx) => {
    const organisation = await requireSearchingOrganisation(tx, auth);
    if (!canRevealOwnerContact(organisation.type)) throw new AppError('owner_contact_police_only');
    const row = await findBikeOrThrow(tx, bikeId);
    if (row.ownerPartyId === organisation.partyId) throw new AppError('own_bike');
    // Issue 27: the case number in the form of the police of the organisation's own region.
    const facts = await repository.findOrganisationFacts(tx, organisation.partyId);
    const region = RegionSchema.catch('dk').parse(facts?.region);
    const normalised = normalisePoliceCaseNumber(region, caseNumber);
    if (normalised === null) {
      throw new ValidationError([{ loc: ['body', 'case_number'], type: 'invalid_police_case_number' }]);
    }
    // A daily budget per officer (sensitive-reads.ts); the organisation's admins hear when it is used up.
    const now = new Date();
    const budget = await takeReadBudget(tx, {
      action: 'org_search.owner_contact_revealed',
      actorPartyId: auth.identityPartyId,
      perDay: OWNER_CONTACT_REVEALS_PER_DAY,
      now,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'org_search.owner_contact_revealed',
      targetPartyId: row.ownerPartyId,
      details: { organisation_party_id: organisation.partyId, bike_id: row.bikeId, case_number: normalised },
      now,
    });
    if (budget.isLast) {
      await alertOrganisationAdmins(tx, deps.publicUrl, organisation.partyId, facts?.name ?? '', auth);
    }
    const person = await findPersonById(tx, row.ownerPartyId);
    if (!person) {
      const names = await partyNames(tx, [row.ownerPartyId]);
      return {
        name: names.get(row.ownerPartyId) ?? null,
        email: null,
        mobile: null,
        phone: null,
        address: [],
      };
    }
    const street = [person.streetAddress, person.floor, person.side, person.door]
      .filter((part): part is string => Boolean(part?.trim()))
      .join(' ');
    const town = [person.zipCode, person.city]
      .filter((part): part is string => Boolean(part?.trim()))
      .join(' ');
    const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
    return {
      name: name === '' ? null : name,
      email: person.email,
      mobile: person.mobile,
      phone: person.phone,
      address: [street, town].filter((line) => line !== ''),
    };
  });
}

/** Mails the organisation's admins that one of its people revealed today's last owner contact. */
async function alertOrganisationAdmins(
  executor: Executor,
  publicUrl: string,
  organisationPartyId: string,
  organisationName: string,
  auth: RequestAuth,
): Promise<void> {
  const admins = await findPeopleByIds(
    executor,
    await repository.listAdminsOfOrganisation(executor, organisationPartyId),
  );
  await queueReadBudgetMails(executor, {
    admins: admins.values(),
    reader: await findPersonById(executor, auth.identityPartyId),
    organisation: organisationName,
    kind: 'owner_contact',
    perDay: OWNER_CONTACT_REVEALS_PER_DAY,
    url: `${publicUrl}/org-bike-search`,
  });
}

/**
 * POST /api/org-bike-search/bikes/{bike_id}/messages: the organisation writes to the owner through
 * the register, in its chat with the owner about the bike (the owner is mailed while away, as for
 * any chat). The owner stays anonymous until they answer.
 */
export async function messageOwner(
  deps: OrgSearchDeps,
  auth: RequestAuth,
  bikeId: string,
  content: string,
  log?: FastifyBaseLogger,
): Promise<OrgMessageResult> {
  const posted = await deps.db.transaction(async (tx) => {
    const organisation = await requireSearchingOrganisation(tx, auth);
    const row = await findBikeOrThrow(tx, bikeId);
    if (row.ownerPartyId === organisation.partyId) throw new AppError('own_bike');
    const message = await writeToBikeOwner(tx, {
      bikeId: row.bikeId,
      ownerPartyId: row.ownerPartyId,
      senderPartyId: organisation.partyId,
      senderRole: 'contact',
      content,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'org_search.owner_messaged',
      targetPartyId: row.ownerPartyId,
      details: { organisation_party_id: organisation.partyId, bike_id: row.bikeId, chat_id: message.chatId },
    });
    return message;
  });
  await announceQuietly(deps, [posted], log);
  return { chat_id: posted.chatId };
}
