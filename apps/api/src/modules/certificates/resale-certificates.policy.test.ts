import { describe, expect, it } from 'vitest';
import {
  canManageCertificate,
  certificateRefusal,
  certificateStanding,
} from './resale-certificates.policy.ts';

const issuedAt = new Date('2026-05-01T10:00:00Z');
const certificate = { issuedAt, revokedAt: null, ownershipId: 'own-1' };
const before = { reportedAt: new Date('2026-02-01T10:00:00Z') };
const after = { reportedAt: new Date('2026-06-03T10:00:00Z') };

describe('certificateStanding', () => {
  it.each([
    ['nothing changed', certificate, { status: 'registered', ownershipId: 'own-1' }, [before], 'current'],
    ['stolen since', certificate, { status: 'stolen', ownershipId: 'own-1' }, [before, after], 'stolen'],
    [
      'stolen and found since',
      certificate,
      { status: 'registered', ownershipId: 'own-1' },
      [after],
      'superseded',
    ],
    ['transferred since', certificate, { status: 'registered', ownershipId: 'own-2' }, [], 'superseded'],
    [
      'stolen from the next owner',
      certificate,
      { status: 'stolen', ownershipId: 'own-2' },
      [after],
      'stolen',
    ],
    [
      'revoked',
      { ...certificate, revokedAt: after.reportedAt },
      { status: 'registered', ownershipId: 'own-1' },
      [],
      'revoked',
    ],
    [
      'revoked, then stolen',
      { ...certificate, revokedAt: after.reportedAt },
      { status: 'stolen', ownershipId: 'own-1' },
      [after],
      'stolen',
    ],
    ['bike deleted', certificate, null, [], 'bike_deleted'],
  ] as const)('%s → %s', (_name, facts, bike, thefts, status) => {
    expect(certificateStanding(facts, bike, thefts).status).toBe(status);
  });

  it('dates the first report after issue and says whether the bike changed hands', () => {
    expect(
      certificateStanding(certificate, { status: 'stolen', ownershipId: 'own-2' }, [before, after]),
    ).toEqual({
      status: 'stolen',
      transferredSince: true,
      reportedStolenSince: '2026-06-03',
    });
  });
});

describe('who may act on a certificate', () => {
  it('only its issuer manages it', () => {
    expect(canManageCertificate('a', 'a')).toBe(true);
    expect(canManageCertificate('b', 'a')).toBe(false);
  });

  it.each([
    ['registered', 'active', null],
    ['registered', 'searchable', null],
    ['registered', 'private', 'certificate_bike_private'],
    ['stolen', 'active', 'certificate_bike_stolen'],
    ['stolen', 'private', 'certificate_bike_stolen'],
  ] as const)('a %s %s bike: %s', (status, visibility, refusal) => {
    expect(certificateRefusal({ status, visibility })).toBe(refusal);
  });
});
