import {
  type ContentPageKey,
  type ContentPageTextInput,
  ContentPageTextSchema,
} from '@nbr/domain/content-pages';
import type { Language } from '@nbr/domain/locale';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffContentPagesQueryKey } from './list-content-pages.ts';

const url = (page: ContentPageKey, language: Language) => `/backoffice/content-pages/${page}/${language}`;

/** PUT /backoffice/content-pages/{page}/{language} — admins store a page's text for a language. */
export function saveContentPage(input: {
  page: ContentPageKey;
  language: Language;
  text: ContentPageTextInput;
}) {
  return api.put(url(input.page, input.language), input.text, { schema: ContentPageTextSchema });
}

/** DELETE /backoffice/content-pages/{page}/{language} — admins go back to the built-in text. */
export function resetContentPage(input: { page: ContentPageKey; language: Language }) {
  return api.delete<void>(url(input.page, input.language));
}

function useRefreshOnSuccess() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffContentPagesQueryKey });
}

export function useSaveContentPage() {
  const onSuccess = useRefreshOnSuccess();
  return useMutation({ mutationFn: saveContentPage, onSuccess });
}

export function useResetContentPage() {
  const onSuccess = useRefreshOnSuccess();
  return useMutation({ mutationFn: resetContentPage, onSuccess });
}
