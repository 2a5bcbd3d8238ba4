import type { CertificateStatus } from '@nbr/domain/resale-certificates';

/*
 * What a certificate says today, and who may act on one. Pure functions, tested as a matrix in
 * resale-certificates.policy.test.ts.
 */

export interface CertificateFacts {
  issuedAt: Date;
  revokedAt: Date | null;
  /** The bike's ownership when issued. */
  ownershipId: string;
}

export interface BikeNow {
  status: string;
  /** The open ownership now. */
  ownershipId: string | null;
}

/** Status, in the order a buyer must hear it: a bike gone, stolen now, withdrawn, changed since, current. */
export function certificateStanding(
  certificate: CertificateFacts,
  /** Null when the bike left the register. */
  bike: BikeNow | null,
  thefts: ReadonlyArray<{ reportedAt: Date }>,
): { status: CertificateStatus; transferredSince: boolean; reportedStolenSince: string | null } {
  const reportedSince = thefts.find((theft) => theft.reportedAt > certificate.issuedAt);
  const reportedStolenSince = reportedSince ? reportedSince.reportedAt.toISOString().slice(0, 10) : null;
  if (!bike) return { status: 'bike_deleted', transferredSince: false, reportedStolenSince };
  const transferredSince = bike.ownershipId !== certificate.ownershipId;
  const status: CertificateStatus =
    bike.status === 'stolen'
      ? 'stolen'
      : certificate.revokedAt
        ? 'revoked'
        : transferredSince || reportedStolenSince
          ? 'superseded'
          : 'current';
  return { status, transferredSince, reportedStolenSince };
}

/** Only the party that issued a certificate lists or revokes it. */
export function canManageCertificate(actingPartyId: string, issuerPartyId: string): boolean {
  return actingPartyId === issuerPartyId;
}

/**
 * Why a bike cannot get a certificate now, or null: a private bike cannot be found by a buyer (their
 * ownership request needs its public page), and a stolen one must not be sold.
 */
export function certificateRefusal(bike: {
  status: string;
  visibility: string;
}): 'certificate_bike_private' | 'certificate_bike_stolen' | null {
  if (bike.status === 'stolen') return 'certificate_bike_stolen';
  if (bike.visibility === 'private') return 'certificate_bike_private';
  return null;
}
