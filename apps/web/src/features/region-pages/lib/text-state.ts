import type { StaffRegionPageText } from '@nbr/domain/region-pages';

export type TextState = 'published' | 'changed' | 'draft' | 'none';

/** Where a language of a page stands: published (and the draft is the same), a newer draft, a draft only, nothing. */
export function textState(text: StaffRegionPageText): TextState {
  if (!text.published) return text.draft ? 'draft' : 'none';
  const same =
    text.draft &&
    text.draft.title === text.published.title &&
    text.draft.description === text.published.description &&
    text.draft.body === text.published.body;
  return same ? 'published' : 'changed';
}
