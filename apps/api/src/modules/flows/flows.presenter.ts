import type { FlowDefinition, PublicFlow, StaffFlow, StaffFlowSummary } from '@nbr/domain/flows';
import type { FlowRow, FlowVersionRow, listFlowVersions } from './flows.repository.ts';

type VersionSummary = Awaited<ReturnType<typeof listFlowVersions>>[number];

export function presentStaffFlowSummary(row: FlowRow): StaffFlowSummary {
  const draft = row.draft as FlowDefinition;
  return {
    id: row.id,
    memo: row.memo,
    title: draft.title.da,
    published_version: row.publishedVersion,
    draft_updated_at: row.draftUpdatedAt.toISOString(),
  };
}

export function presentStaffFlow(row: FlowRow, versions: VersionSummary[]): StaffFlow {
  return {
    id: row.id,
    memo: row.memo,
    draft: row.draft as FlowDefinition,
    draft_updated_at: row.draftUpdatedAt.toISOString(),
    published_version: row.publishedVersion,
    created_at: row.createdAt.toISOString(),
    versions: versions.map((version) => ({
      version: version.version,
      published_at: version.publishedAt.toISOString(),
      published_by: version.publishedByPartyId,
    })),
  };
}

export function presentPublicFlow(flow: FlowRow, version: FlowVersionRow): PublicFlow {
  return { memo: flow.memo, version: version.version, definition: version.definition as FlowDefinition };
}
