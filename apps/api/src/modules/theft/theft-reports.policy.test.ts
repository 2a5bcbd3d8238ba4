import { describe, expect, it } from 'vitest';
import { canReadReport, canReportFound, canStartReport, isForeignDraft } from './theft-reports.policy.ts';

const OWNER = '0190a1b2-c3d4-7e5f-8a9b-000000000001';
const OTHER = '0190a1b2-c3d4-7e5f-8a9b-000000000002';

describe('theft report policy', () => {
  it.each([
    ['draft', OWNER, false],
    ['draft', OTHER, true],
    ['submitted', OTHER, false],
    ['closed', OTHER, false],
  ] as const)('a %s report of %s is foreign to the current owner: %s', (status, maker, foreign) => {
    expect(isForeignDraft({ ownerPartyId: maker, status }, OWNER)).toBe(foreign);
  });

  it.each([
    [OWNER, 'submitted', true],
    [OWNER, 'closed', true],
    [OWNER, 'draft', false],
    [OTHER, 'submitted', false],
    [OTHER, 'closed', false],
    [null, 'submitted', false],
  ] as const)('%s reads a %s report of OWNER: %s', (reader, status, allowed) => {
    expect(canReadReport(reader, { ownerPartyId: OWNER, status })).toBe(allowed);
  });

  it('starts a report only for a bike not reported', () => {
    expect(canStartReport('registered', null)).toBe(true);
    expect(canStartReport('registered', { ownerPartyId: OWNER, status: 'draft' })).toBe(true);
    expect(canStartReport('registered', { ownerPartyId: OWNER, status: 'submitted' })).toBe(false);
    expect(canStartReport('stolen', null)).toBe(false);
  });

  it('reports found only a stolen bike', () => {
    expect(canReportFound('stolen')).toBe(true);
    expect(canReportFound('registered')).toBe(false);
  });
});
