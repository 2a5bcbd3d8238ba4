/*
 * Who may see and change a theft report. Pure functions over plain facts, tested as a matrix in
 * theft-reports.policy.test.ts. "Owner" is the acting party (the person, or the organisation a
 * member acts for) that made the report; the bike's current owner is checked by the bikes module.
 */

export interface ReportFacts {
  ownerPartyId: string;
  status: string;
}

/**
 * An open draft is the current owner's to resume. One left by someone else (the bike changed
 * hands while it was a draft) is never shown: it is removed before the new owner starts theirs.
 */
export function isForeignDraft(report: ReportFacts, currentOwnerPartyId: string): boolean {
  return report.status === 'draft' && report.ownerPartyId !== currentOwnerPartyId;
}

/**
 * A submitted or closed report is read (and printed) by the party that made it only: it holds their
 * address and national id number. A later owner of the bike never sees it.
 */
export function canReadReport(partyId: string | null, report: ReportFacts): boolean {
  return partyId !== null && report.ownerPartyId === partyId && report.status !== 'draft';
}

/** Where a bike stands for the wizard: reported already, or free to report. */
export function canStartReport(bikeStatus: string, openReport: ReportFacts | null): boolean {
  return bikeStatus !== 'stolen' && openReport?.status !== 'submitted';
}

/** Only a bike reported stolen can be reported found. */
export function canReportFound(bikeStatus: string): boolean {
  return bikeStatus === 'stolen';
}
