import {
  type CertificateStatement,
  type CertificateStatus,
  certificatePagePath,
  type OwnResaleCertificate,
  type ResaleCertificate,
} from '@nbr/domain/resale-certificates';
import type { CertificateRow } from './resale-certificates.repository.ts';

/** Where anyone fetches a certificate's PDF (relative to the API's address). */
export function certificatePdfPath(certificateId: string): string {
  return `/api/resale-certificates/${certificateId}/pdf`;
}

export function certificatePageUrl(publicUrl: string, certificateId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${certificatePagePath(certificateId)}`;
}

export interface CertificateStanding {
  status: CertificateStatus;
  transferredSince: boolean;
  reportedStolenSince: string | null;
}

/** A certificate as anyone holding its address sees it: the signed facts and what changed since. Never its issuer. */
export function presentCertificate(
  row: CertificateRow,
  statement: CertificateStatement,
  context: { genuine: boolean; standing: CertificateStanding; isOwner: boolean; now: Date },
): ResaleCertificate {
  return {
    certificate_id: row.id,
    statement,
    signed_text: row.statement,
    signature: row.signature,
    kid: row.kid,
    genuine: context.genuine,
    status: context.standing.status,
    transferred_since: context.standing.transferredSince,
    reported_stolen_since: context.standing.reportedStolenSince,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    checked_at: context.now.toISOString(),
    is_owner: context.isOwner,
    pdf_url: certificatePdfPath(row.id),
  };
}

/** A certificate as its issuer lists it. */
export function presentOwnCertificate(
  row: CertificateRow,
  status: CertificateStatus,
  publicUrl: string,
): OwnResaleCertificate {
  return {
    certificate_id: row.id,
    issued_at: row.issuedAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    status,
    page_url: certificatePageUrl(publicUrl, row.id),
    pdf_url: certificatePdfPath(row.id),
  };
}
