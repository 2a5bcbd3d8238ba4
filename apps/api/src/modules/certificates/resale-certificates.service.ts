import { randomUUID } from 'node:crypto';
import type { Language } from '@nbr/domain/locale';
import {
  CERTIFICATE_TYPE,
  CERTIFICATE_VERSION,
  type CertificateStatement,
  CertificateStatementSchema,
  maskFrameNumber,
  type OwnResaleCertificate,
  type OwnResaleCertificateList,
  type ResaleCertificate,
} from '@nbr/domain/resale-certificates';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import * as bikes from '../bikes/bikes.facade.ts';
import * as identity from '../identity/identity.facade.ts';
import * as theft from '../theft/theft.facade.ts';
import { signStatement, verifyStatement } from './certificate-signature.ts';
import type { CertificatesDeps } from './certificates.deps.ts';
import { renderCertificatePdf } from './resale-certificate-pdf.ts';
import {
  canManageCertificate,
  certificateRefusal,
  certificateStanding,
} from './resale-certificates.policy.ts';
import {
  type CertificateStanding,
  certificatePageUrl,
  presentCertificate,
  presentOwnCertificate,
} from './resale-certificates.presenter.ts';
import type { CertificateRow } from './resale-certificates.repository.ts';
import * as repository from './resale-certificates.repository.ts';

const day = (at: Date) => at.toISOString().slice(0, 10);

/** POST /api/bikes/{bike_id}/resale-certificates: the owner has the register sign the bike's history. */
export async function issueCertificate(
  deps: CertificatesDeps,
  auth: RequestAuth,
  bikeId: string,
): Promise<OwnResaleCertificate> {
  return deps.db.transaction(async (tx) => {
    // Locked, so a transfer or theft report committing meanwhile is either in the statement or after it.
    const bike = await bikes.requireOwnBikeForCertificate(tx, auth, bikeId, true);
    const refusal = certificateRefusal(bike);
    if (refusal) throw new AppError(refusal);
    if (!bike.ownershipId) throw new AppError('not_found');
    const [thefts, owner] = await Promise.all([
      theft.theftHistoryOfBike(tx, bike.bikeId),
      identity.findPersonById(tx, bike.ownerPartyId),
    ]);
    const now = new Date();
    const id = randomUUID();
    const statement: CertificateStatement = {
      type: CERTIFICATE_TYPE,
      version: CERTIFICATE_VERSION,
      certificate_id: id,
      kid: deps.keys.kid,
      issued_at: now.toISOString(),
      bike: {
        bike_id: bike.bikeId,
        brand: bike.brand,
        model: bike.model,
        color: bike.color as CertificateStatement['bike']['color'],
        category: bike.category as CertificateStatement['bike']['category'],
        is_electric: bike.isElectric,
        frame_number_masked: maskFrameNumber(bike.frameNumber),
      },
      registered_since: day(bike.registeredSince),
      number_of_owners: bike.owners,
      thefts: thefts.map((entry) => ({
        reported_stolen_on: day(entry.reportedAt),
        recovered_on: entry.recoveredAt ? day(entry.recoveredAt) : null,
      })),
      // An organisation has no national identity of its own: only a person's MitID/BankID counts.
      owner_identity_verified: Boolean(owner?.verifiedOn),
    };
    const signed = signStatement(deps.keys, statement);
    const row = await repository.insertCertificate(tx, {
      id,
      bikeId: bike.bikeId,
      issuerPartyId: auth.partyId,
      ownershipId: bike.ownershipId,
      kid: deps.keys.kid,
      statement: signed.text,
      signature: signed.signature,
      issuedAt: now,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'certificate.issued',
      targetPartyId: bike.ownerPartyId,
      details: { bike_id: bike.bikeId, certificate_id: id },
      now,
    });
    return presentOwnCertificate(row, 'current', deps.publicUrl);
  });
}

async function standingOf(executor: Executor, row: CertificateRow): Promise<CertificateStanding> {
  const bike = row.bikeId ? await bikes.findBikeForCertificate(executor, row.bikeId) : null;
  const thefts = bike ? await theft.theftHistoryOfBike(executor, bike.bikeId) : [];
  return certificateStanding(row, bike, thefts);
}

/** GET /api/bikes/{bike_id}/resale-certificates: the certificates the owner issued for their bike. */
export async function listOwnCertificates(
  deps: CertificatesDeps,
  auth: RequestAuth,
  bikeId: string,
): Promise<OwnResaleCertificateList> {
  const bike = await bikes.requireOwnBikeForCertificate(deps.db, auth, bikeId);
  const rows = await repository.listCertificatesOfBikeBy(deps.db, bike.bikeId, auth.partyId);
  const certificates: OwnResaleCertificate[] = [];
  for (const row of rows) {
    const { status } = await standingOf(deps.db, row);
    certificates.push(presentOwnCertificate(row, status, deps.publicUrl));
  }
  return { certificates };
}

/** POST /api/resale-certificates/{id}/revoke: its issuer withdraws it; anyone else gets 404. */
export async function revokeCertificate(
  deps: CertificatesDeps,
  auth: RequestAuth,
  certificateId: string,
): Promise<OwnResaleCertificate> {
  if (!isUuid(certificateId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    const row = await repository.findCertificate(tx, certificateId, true);
    if (!row || !canManageCertificate(auth.partyId, row.issuerPartyId)) throw new AppError('not_found');
    if (!row.revokedAt) {
      const now = new Date();
      await repository.revokeCertificate(tx, row.id, now);
      await recordAuditEventBy(tx, auth, {
        action: 'certificate.revoked',
        targetPartyId: row.issuerPartyId,
        details: { bike_id: row.bikeId, certificate_id: row.id },
        now,
      });
    }
    const revoked = (await repository.findCertificate(tx, row.id)) ?? row;
    const { status } = await standingOf(tx, revoked);
    return presentOwnCertificate(revoked, status, deps.publicUrl);
  });
}

async function loadCertificate(deps: CertificatesDeps, certificateId: string): Promise<CertificateRow> {
  if (!isUuid(certificateId)) throw new AppError('not_found');
  const row = await repository.findCertificate(deps.db, certificateId);
  if (!row) throw new AppError('not_found');
  return row;
}

function statementOf(row: CertificateRow): CertificateStatement {
  return CertificateStatementSchema.parse(JSON.parse(row.statement));
}

/** GET /api/resale-certificates/{id}: anyone holding the address; the facts, genuine or not, current or not. */
export async function getCertificate(
  deps: CertificatesDeps,
  auth: RequestAuth | null,
  certificateId: string,
): Promise<ResaleCertificate> {
  const row = await loadCertificate(deps, certificateId);
  const statement = statementOf(row);
  const bike = row.bikeId ? await bikes.findBikeForCertificate(deps.db, row.bikeId) : null;
  const thefts = bike ? await theft.theftHistoryOfBike(deps.db, bike.bikeId) : [];
  return presentCertificate(row, statement, {
    genuine: verifyStatement(deps.keys, row.kid, row.statement, row.signature),
    standing: certificateStanding(row, bike, thefts),
    isOwner: auth !== null && bike !== null && bike.ownerPartyId === auth.partyId,
    now: new Date(),
  });
}

/** GET /api/resale-certificates/{id}/pdf: the certificate as a PDF in the caller's language. */
export async function renderCertificate(
  deps: CertificatesDeps,
  certificateId: string,
  language: Language,
): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await loadCertificate(deps, certificateId);
  const { status } = await standingOf(deps.db, row);
  const pdf = await renderCertificatePdf({
    language,
    statement: statementOf(row),
    signature: row.signature,
    status,
    pageUrl: certificatePageUrl(deps.publicUrl, row.id),
  });
  return { pdf, fileName: `resale-certificate-${row.id}.pdf` };
}
