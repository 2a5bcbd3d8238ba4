import { flatOfRegion } from '@nbr/domain/identity';
import { isOnLand } from '@nbr/domain/land';
import { type Language, RegionSchema } from '@nbr/domain/locale';
import {
  allMissingTheftFields,
  type FoundResult,
  roundToPublicGrid,
  type TheftReport,
  type TheftReportDraft,
  type TheftReportDraftFields,
} from '@nbr/domain/theft';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer } from '../../platform/http/idempotency.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import * as bikes from '../bikes/bikes.facade.ts';
import * as identity from '../identity/identity.facade.ts';
import { consumeApproval } from '../identity/identity.facade.ts';
import * as ownership from '../ownership/ownership.facade.ts';
import type { TheftDeps } from './theft.deps.ts';
import { type PdfLanguage, renderTheftReportPdf } from './theft-report-pdf.ts';
import { describeTheftBike, theftReportSubmittedMail } from './theft-reports.mails.ts';
import { canReadReport, canReportFound, canStartReport, isForeignDraft } from './theft-reports.policy.ts';
import {
  prefilledDraft,
  presentDraft,
  presentReport,
  type StoredTheftFields,
  type SubmittedBike,
  storedFieldsOf,
} from './theft-reports.presenter.ts';
import type { TheftReportRow } from './theft-reports.repository.ts';
import * as repository from './theft-reports.repository.ts';

/*
 * Theft reports (SPEC §2 report-stolen, §3 theft report draft, §4, §5; issue 6 §1–2). The owner
 * fills one draft per bike, saved as they go; submitting it — every section complete and the three
 * acknowledgements given — marks the bike stolen in one transaction with the bike row locked, so two
 * submits at once cannot both succeed. Reporting the bike found (after a national identity approval)
 * closes the report: kept in the owner's history, gone from the map and the public pages.
 *
 * No national id number is taken (the owner reports to the police themselves, SPEC §5 as amended by
 * issue 14): the draft schema refuses one.
 */

/** The PDF's address before signing: the report and the language are part of what is signed. */
export function reportPdfPath(bikeId: string, reportId: string, language: PdfLanguage): string {
  return `/api/bikes/${bikeId}/theft-report/pdf?report_id=${reportId}&lang=${language}`;
}

function pdfLanguageOf(language: Language | string): PdfLanguage {
  return mailLanguage(language);
}

function signedPdfUrl(deps: TheftDeps, row: TheftReportRow, language: string): string {
  return deps.fileUrls.sign(reportPdfPath(row.bikeId, row.id, pdfLanguageOf(language)));
}

/**
 * The caller's own bike (404 otherwise) with its open draft, refused with 409 bike_already_stolen
 * once reported. A draft a former owner left is removed: a new owner never sees it.
 */
async function bikeAndDraft(
  executor: Executor,
  auth: RequestAuth,
  bikeId: string,
  lock: boolean,
): Promise<{ bike: bikes.BikeForTheft; draft: TheftReportRow | null }> {
  const bike = await bikes.requireOwnBikeForTheft(executor, auth, bikeId, lock);
  const open = await repository.findOpenReportOfBike(executor, bike.bikeId, lock);
  if (!canStartReport(bike.status, open)) throw new AppError('bike_already_stolen');
  if (open && isForeignDraft(open, bike.ownerPartyId)) {
    await repository.deleteReport(executor, open.id);
    return { bike, draft: null };
  }
  return { bike, draft: open };
}

// --- the draft -------------------------------------------------------------------------------------

/**
 * GET /api/bikes/{bike_id}/theft-report/draft: the saved draft, or one pre-filled from the caller's
 * profile and the bike (saved_at null; nothing is written).
 */
export async function getDraft(
  deps: TheftDeps,
  auth: RequestAuth,
  bikeId: string,
): Promise<TheftReportDraft> {
  return deps.db.transaction(async (tx) => {
    const { bike, draft } = await bikeAndDraft(tx, auth, bikeId, false);
    if (draft) return presentDraft(draft);
    return prefilledDraft(bike, await identity.findPersonById(tx, auth.identityPartyId));
  });
}

/**
 * PUT /api/bikes/{bike_id}/theft-report/draft: saves the whole draft (the bike's one open report,
 * made on the first save) and answers it as saved. The bike row is locked, so a save and a submit
 * of the same bike queue behind each other.
 */
export async function saveDraft(
  deps: TheftDeps,
  auth: RequestAuth,
  bikeId: string,
  input: TheftReportDraftFields,
): Promise<TheftReportDraft> {
  // The schema lets only null through: the register keeps no national id number.
  const { cpr_number: _none, ...rest } = input;
  return deps.db.transaction(async (tx) => {
    const { bike, draft } = await bikeAndDraft(tx, auth, bikeId, true);
    // The reporter's address takes the form of their region: a Norwegian flat is a bolignummer.
    const person = await identity.findPersonById(tx, auth.identityPartyId);
    const flat = flatOfRegion(RegionSchema.catch('dk').parse(person?.region), rest);
    if (!flat.ok) throw new ValidationError([{ loc: ['body', 'door'], type: flat.problem }]);
    const fields: StoredTheftFields = {
      ...flat.fields,
      floor: flat.fields.floor ?? null,
      side: flat.fields.side ?? null,
    };
    const now = new Date();
    const row = draft
      ? await repository.updateReport(tx, draft.id, { fields, updatedAt: now })
      : await repository.insertReport(tx, {
          id: uuidv7(now.getTime()),
          bikeId: bike.bikeId,
          ownerPartyId: auth.partyId,
          status: 'draft',
          fields,
          createdAt: now,
          updatedAt: now,
        });
    return presentDraft(row);
  });
}

// --- submit ----------------------------------------------------------------------------------------

/**
 * POST /api/bikes/{bike_id}/theft-report/submit: 422 listing every missing field (loc [section,
 * field], type 'missing'), or the report. In one transaction with the bike row locked: the report is
 * submitted, the bike becomes stolen, the public place is the pick rounded to the public grid, the
 * map's filter columns are copied, a pending transfer offer is cancelled (a stolen bike cannot be
 * given away), the audit row and the owner's confirmation mail are written.
 */
export async function submitReport(
  deps: TheftDeps,
  auth: RequestAuth,
  bikeId: string,
  /** The request's Idempotency-Key: the answer commits with the report (its PDF address is signed again on a replay). */
  idempotency: IdempotencyClaim | null,
): Promise<TheftReport> {
  const announcements: ownership.Announcement[] = [];
  const report = await deps.db.transaction(async (tx) => {
    const { bike, draft } = await bikeAndDraft(tx, auth, bikeId, true);
    const person = await identity.findPersonById(tx, auth.identityPartyId);
    const missing = allMissingTheftFields(draft ? presentDraft(draft) : prefilledDraft(bike, person));
    if (!draft || missing.length > 0) {
      throw new ValidationError(
        missing.map(({ section, field }) => ({ loc: [section, field], type: 'missing' })),
      );
    }
    const fields = storedFieldsOf(draft);
    // A pick saved before the land test existed may be at sea: it never reaches the public map.
    if (fields.location && !isOnLand(fields.location)) {
      throw new ValidationError([{ loc: ['time-location', 'location'], type: 'place_at_sea' }]);
    }
    const now = new Date();
    const submittedBike: SubmittedBike = {
      nickname: bike.nickname,
      brand: bike.brand,
      model: bike.model,
      frame_number: bike.frameNumber,
      plate_id: bike.plateId,
      currency: bike.currency,
    };
    const pick = fields.location;
    const submitted = await repository.updateReport(tx, draft.id, {
      status: 'submitted',
      fields: { ...fields, submitted_bike: submittedBike },
      submittedAt: now,
      publicLatitude: pick ? roundToPublicGrid(pick.latitude) : null,
      publicLongitude: pick ? roundToPublicGrid(pick.longitude) : null,
      stolenAt: fields.time_last_seen ? new Date(fields.time_last_seen) : now,
      region: bike.region,
      category: fields.bike_category ?? bike.category,
      isElectric: fields.is_electric ?? bike.isElectric,
      updatedAt: now,
    });
    await bikes.setBikeTheftStatus(tx, bike.bikeId, 'stolen', now);
    await deps.onBikeReportedStolen(tx, {
      bikeId: bike.bikeId,
      theftReportId: submitted.id,
      reportedAt: now,
      stolenSince: submitted.stolenAt,
    });
    announcements.push(...(await ownership.cancelOffersOfStolenBike(tx, bike.bikeId)));
    await recordAuditEventBy(tx, auth, {
      action: 'theft.report_submitted',
      targetPartyId: auth.partyId,
      details: { bike_id: bike.bikeId, report_id: submitted.id },
      now,
    });
    if (person && !person.deletedAt) {
      await enqueueMail(
        tx,
        theftReportSubmittedMail({
          to: person.email,
          language: person.language,
          bike: describeTheftBike(bike),
          onMap: pick !== null,
          link: `${deps.publicUrl}/app/my-bikes/${bike.bikeId}/stolen-bike-report`,
        }),
      );
    }
    return keepAnswer(
      tx,
      idempotency,
      presentReport(submitted, signedPdfUrl(deps, submitted, auth.language)),
    );
  });
  await ownership.announceOwnershipChanges(deps, announcements);
  return report;
}

// --- the sent report -------------------------------------------------------------------------------

/**
 * GET /api/bikes/{bike_id}/theft-report: the caller's newest submitted or closed report of the bike
 * (their own history, also after the bike moved on); 404 when they made none.
 */
export async function getReport(deps: TheftDeps, auth: RequestAuth, bikeId: string): Promise<TheftReport> {
  if (!isUuid(bikeId)) throw new AppError('not_found');
  const row = await repository.findLatestSentReport(deps.db, bikeId, auth.partyId);
  if (!row || !canReadReport(auth.partyId, { ownerPartyId: row.ownerPartyId, status: row.status })) {
    throw new AppError('not_found');
  }
  return presentReport(row, signedPdfUrl(deps, row, auth.language));
}

/**
 * GET /api/bikes/{bike_id}/theft-report/pdf: the report as a PDF at its signed address (the
 * signature is the access check: only the report's owner is given one). 403 for a wrong or expired
 * signature, 404 for a report that is not there.
 */
export async function renderReportPdf(
  deps: TheftDeps,
  bikeId: string,
  query: {
    report_id: string;
    lang: PdfLanguage;
    expires?: string | undefined;
    signature?: string | undefined;
  },
): Promise<{ pdf: Buffer; fileName: string }> {
  const path = reportPdfPath(bikeId, query.report_id, query.lang);
  if (!deps.fileUrls.verify(path, query.expires, query.signature)) throw new AppError('forbidden');
  if (!isUuid(bikeId) || !isUuid(query.report_id)) throw new AppError('not_found');
  const row = await repository.findSentReport(deps.db, bikeId, query.report_id);
  if (!row) throw new AppError('not_found');
  const fields = storedFieldsOf(row);
  const { pdf_url: _unused, ...report } = presentReport(row, '');
  const bike: SubmittedBike = fields.submitted_bike ?? {
    nickname: '',
    brand: null,
    model: null,
    frame_number: fields.frame_number,
    plate_id: null,
    currency: row.region === 'no' ? 'NOK' : 'DKK',
  };
  const pdf = await renderTheftReportPdf({ language: query.lang, report, bike, region: row.region });
  const day = (row.submittedAt ?? row.createdAt).toISOString().slice(0, 10);
  return { pdf, fileName: `theft-report-${day}-${row.id.slice(0, 8)}.pdf` };
}

// --- found -----------------------------------------------------------------------------------------

/**
 * POST /api/bikes/{bike_id}/found: the owner has the bike back. Needs a national identity approval
 * of exactly this action on this bike (403 approval_required), spent in the same transaction; 409
 * bike_not_stolen unless the bike is reported stolen. The report is closed (reason found) and kept in
 * the owner's history; the bike is registered again, off the map and the public pages.
 */
export async function reportFound(
  deps: TheftDeps,
  auth: RequestAuth,
  bikeId: string,
  /** The request's Idempotency-Key: the answer commits with the closed report. */
  idempotency: IdempotencyClaim | null,
): Promise<FoundResult> {
  return deps.db.transaction(async (tx) => {
    const bike = await bikes.requireOwnBikeForTheft(tx, auth, bikeId, true);
    if (!canReportFound(bike.status)) throw new AppError('bike_not_stolen');
    await consumeApproval(tx, {
      identityPartyId: auth.identityPartyId,
      action: 'report_found',
      objectId: bike.bikeId,
    });
    const now = new Date();
    const open = await repository.findOpenReportOfBike(tx, bike.bikeId, true);
    let reportId: string | null = null;
    if (open?.status === 'submitted') {
      await repository.updateReport(tx, open.id, {
        status: 'closed',
        closedReason: 'found',
        closedAt: now,
        updatedAt: now,
      });
      reportId = open.id;
    } else if (open) {
      // A draft cannot coexist with a stolen bike; should one exist, it is of no use any more.
      await repository.deleteReport(tx, open.id);
    }
    await bikes.setBikeTheftStatus(tx, bike.bikeId, 'registered', now);
    await recordAuditEventBy(tx, auth, {
      action: 'theft.bike_found',
      targetPartyId: auth.partyId,
      details: { bike_id: bike.bikeId, report_id: reportId },
      now,
    });
    return keepAnswer(tx, idempotency, {
      bike_id: bike.bikeId,
      status: 'registered' as const,
      report_id: reportId,
    });
  });
}

// --- account deletion ------------------------------------------------------------------------------

/**
 * The party's account is being deleted (identity, in its transaction): every theft report they made
 * goes — drafts and sent reports alike, also of bikes that have moved on to someone else since (their
 * own bikes are deleted with the account, and their reports with them). A report holds their name,
 * address, phone, e-mail and national id number; none of it may outlive the account.
 */
export async function forgetTheftReportsOf(executor: Executor, partyId: string): Promise<void> {
  await repository.deleteReportsOfOwner(executor, partyId);
}

// --- sharing with the insurer ------------------------------------------------------------------------

/**
 * POST /api/bikes/{bike_id}/theft-report/withdraw-data-share: the maker of the bike's newest sent
 * report withdraws their acknowledgement that it may be shared with their insurer (insurance.md §6:
 * withdrawable at any time, as easily as given). From then on no insurer is shown it; what an
 * insurer already received stays theirs (the withdrawal stops further sharing). Withdrawing again
 * changes nothing. 404 when the caller made no sent report of the bike.
 */
export async function withdrawDataShare(
  deps: TheftDeps,
  auth: RequestAuth,
  bikeId: string,
): Promise<TheftReport> {
  if (!isUuid(bikeId)) throw new AppError('not_found');
  const row = await deps.db.transaction(async (tx) => {
    const latest = await repository.findLatestSentReport(tx, bikeId, auth.partyId);
    if (
      !latest ||
      !canReadReport(auth.partyId, { ownerPartyId: latest.ownerPartyId, status: latest.status })
    ) {
      throw new AppError('not_found');
    }
    if (latest.dataShareWithdrawnAt) return latest;
    const now = new Date();
    const updated = await repository.updateReport(tx, latest.id, {
      dataShareWithdrawnAt: now,
      updatedAt: now,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'theft.data_share_withdrawn',
      targetPartyId: auth.partyId,
      details: { bike_id: bikeId, report_id: latest.id, before: { shared: true }, after: { shared: false } },
      now,
    });
    return updated;
  });
  return presentReport(row, signedPdfUrl(deps, row, auth.language));
}

/** A sent theft report as an insurer may be shown it (the owner shared it): no contact details. */
export interface SharedTheftReportFacts {
  id: string;
  bikeId: string;
  ownerPartyId: string;
  status: string;
  closedReason: string | null;
  submittedAt: Date | null;
  closedAt: Date | null;
  stolenAt: Date | null;
  timeLastSeen: string | null;
  notedTime: string | null;
  place: string | null;
  /** The reporter's own postal code and town: where the report's place names none. */
  zipCode: string | null;
  city: string | null;
  lockStatus: string | null;
  policeReportRequested: boolean | null;
  bikePrice: number | null;
  acknowledgementOwnershipTransfer: boolean;
}

/**
 * The sent reports of these bikes their makers shared with their insurer and have not withdrawn,
 * newest first. The caller (insurance) decides which insurer may see which (the report's maker holds
 * the bike's policy there).
 */
export async function sharedTheftReportsOfBikes(
  executor: Executor,
  bikeIds: readonly string[],
): Promise<SharedTheftReportFacts[]> {
  const rows = await repository.listSharedReportsOfBikes(executor, bikeIds);
  return rows.map((row) => {
    const fields = storedFieldsOf(row);
    return {
      id: row.id,
      bikeId: row.bikeId,
      ownerPartyId: row.ownerPartyId,
      status: row.status,
      closedReason: row.closedReason,
      submittedAt: row.submittedAt,
      closedAt: row.closedAt,
      stolenAt: row.stolenAt,
      timeLastSeen: fields.time_last_seen ?? null,
      notedTime: fields.noted_time ?? null,
      place: fields.place ?? null,
      zipCode: fields.zip_code ?? null,
      city: fields.city ?? null,
      lockStatus: fields.lock_status ?? null,
      policeReportRequested: fields.police_report_requested ?? null,
      bikePrice: fields.bike_price ?? null,
      acknowledgementOwnershipTransfer: fields.acknowledgement_ownership_transfer === true,
    };
  });
}
