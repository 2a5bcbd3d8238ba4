import type { FlowAnswers } from '@nbr/domain/flows';
import { DRAFT_PREFIX, readJson, writeJson } from '../../../lib/storage.ts';

/*
 * Staff preview a flow's draft as a visitor would walk it (issue 29 §2): `?preview=draft` on the flow's
 * addresses. Nothing is saved on the server and the funnel counts nothing; the answers live in this
 * tab only, so back and forward keep them as in a real walk.
 */
export const PREVIEW_PARAM = 'preview';
export const PREVIEW_VALUE = 'draft';

const key = (memo: string) => `${DRAFT_PREFIX}flow-preview:${memo}`;

export function readPreviewAnswers(memo: string): FlowAnswers {
  return readJson<FlowAnswers>(key(memo), 'session') ?? {};
}

export function storePreviewAnswers(memo: string, answers: FlowAnswers | null): void {
  writeJson(key(memo), answers, 'session');
}
