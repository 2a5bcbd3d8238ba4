import {
  CONTENT_PAGE_KEYS,
  type ContentPageKey,
  contentBodyOf,
  parseContentBody,
} from '@nbr/domain/content-markup';
import type { ContentPageText } from '@nbr/domain/content-pages';
import { CHOOSABLE_LANGUAGES, type Language } from '@nbr/domain/locale-values';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useStaffContentPages } from '../api/list-content-pages.ts';
import { useResetContentPage, useSaveContentPage } from '../api/save-content-page.ts';
import styles from '../backoffice-ops.module.css';

/** Where each page's built-in text is in the content namespace (content.json). */
const BUILT_IN_KEYS: Record<ContentPageKey, string> = {
  'our-mission': 'mission',
  privacy: 'privacy',
  terms: 'terms',
  'advisory-board': 'advisoryBoard',
  accessibility: 'accessibility',
};

const EDITABLE_LANGUAGES: readonly Language[] = CHOOSABLE_LANGUAGES;

interface Draft {
  heading: string;
  lead: string;
  body: string;
}

/**
 * The public content pages' texts: pick a page and a language, see its text (the stored one, else the
 * built-in one) with a preview; admins change and save it, or reset it to the built-in text.
 */
export function ContentPageTexts({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation('backoffice-ops');
  const [page, setPage] = useState<ContentPageKey>('our-mission');
  // The staff member's own language first; the others are a choice away.
  const [language, setLanguage] = useState<Language>(
    () => EDITABLE_LANGUAGES.find((candidate) => candidate === i18n.language) ?? 'da',
  );
  const stored = useStaffContentPages();
  const builtIn = useTranslation('content', { lng: language, useSuspense: false });
  // Here rather than in the form: saving reloads the list, which renews the form (its key).
  const save = useSaveContentPage();
  const reset = useResetContentPage();
  const saved = save.isSuccess && save.variables.page === page && save.variables.language === language;

  if (stored.isError) {
    return <LoadError title={t('loadFailed')} error={stored.error} retry={() => void stored.refetch()} />;
  }
  const storedText = stored.data?.find((text) => text.page === page && text.language === language) ?? null;
  const key = BUILT_IN_KEYS[page];
  const sections: unknown = builtIn.t(`${key}.sections`, { returnObjects: true });
  const initial: Draft = storedText ?? {
    heading: builtIn.t(`${key}.heading`),
    lead: builtIn.t(`${key}.lead`),
    body: contentBodyOf(Array.isArray(sections) ? sections : []),
  };

  return (
    <div className={staffPage.stack}>
      <div className={styles.filters}>
        <Select
          label={t('diverse.contentPage')}
          options={CONTENT_PAGE_KEYS.map((value) => ({ value, label: t(`diverse.pages.${value}`) }))}
          value={page}
          onChange={(value) => setPage(value as ContentPageKey)}
        />
        <Select
          label={t('diverse.contentLanguage')}
          options={EDITABLE_LANGUAGES.map((value) => ({ value, label: t(`diverse.languages.${value}`) }))}
          value={language}
          onChange={(value) => setLanguage(value as Language)}
        />
      </div>
      {stored.isPending || !builtIn.ready ? (
        <LoadingState />
      ) : (
        <>
          <p className={styles.muted} data-testid="content-source">
            {storedText
              ? t('diverse.contentStored', { date: formatDate(storedText.updated_at, i18n.language) })
              : t('diverse.contentBuiltIn')}
          </p>
          {saved ? <Alert tone="success" title={t('diverse.contentSaved')} /> : null}
          <ContentPageForm
            key={`${page}/${language}/${storedText?.updated_at ?? 'built-in'}`}
            page={page}
            language={language}
            initial={initial}
            stored={storedText}
            canEdit={canEdit}
            save={save}
            reset={reset}
          />
        </>
      )}
    </div>
  );
}

function ContentPageForm({
  page,
  language,
  initial,
  stored,
  canEdit,
  save,
  reset,
}: {
  page: ContentPageKey;
  language: Language;
  initial: Draft;
  stored: ContentPageText | null;
  canEdit: boolean;
  save: ReturnType<typeof useSaveContentPage>;
  reset: ReturnType<typeof useResetContentPage>;
}) {
  const { t } = useTranslation('backoffice-ops');
  const [draft, setDraft] = useState<Draft>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const field = (name: keyof Draft) => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));
  const failure =
    (save.variables?.page === page && save.variables.language === language ? save.error : null) ??
    (reset.variables?.page === page && reset.variables.language === language ? reset.error : null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft.heading.trim() || !draft.body.trim()) {
      setProblem(t('diverse.contentInvalid'));
      return;
    }
    setProblem(null);
    reset.reset();
    save.mutate({ page, language, text: draft });
  };

  return (
    <div className={staffPage.stack}>
      <Form onSubmit={onSubmit} aria-label={t('diverse.contentEdit')}>
        <ErrorSummary message={problem ?? (failure ? errorMessage(failure, t) : null)} />
        <TextField
          label={t('diverse.contentHeading')}
          value={draft.heading}
          onChange={field('heading')}
          maxLength={200}
          isReadOnly={!canEdit}
        />
        <TextAreaField
          label={t('diverse.contentLead')}
          value={draft.lead}
          onChange={field('lead')}
          maxLength={1000}
          rows={3}
          isReadOnly={!canEdit}
        />
        <TextAreaField
          label={t('diverse.contentBody')}
          description={t('diverse.contentBodyHint')}
          value={draft.body}
          onChange={field('body')}
          rows={14}
          isReadOnly={!canEdit}
        />
        {canEdit ? (
          <FormActions>
            <Button type="submit" isPending={save.isPending}>
              {t('diverse.saveContent')}
            </Button>
            {stored ? (
              <Button
                variant="secondary"
                isPending={reset.isPending}
                onPress={() => {
                  save.reset();
                  reset.mutate({ page, language });
                }}
              >
                {t('diverse.resetContent')}
              </Button>
            ) : null}
          </FormActions>
        ) : null}
      </Form>
      <ContentPreview draft={draft} />
    </div>
  );
}

/** The text as the public page shows it: plain text, paragraphs, lists and linked addresses. */
function ContentPreview({ draft }: { draft: Draft }) {
  const { t } = useTranslation('backoffice-ops');
  return (
    <section className={styles.preview} aria-labelledby="content-preview-heading">
      <h3 id="content-preview-heading" className={styles.sectionHeading}>
        {t('diverse.preview')}
      </h3>
      <div data-testid="content-preview">
        <p className={styles.previewHeading}>{draft.heading}</p>
        {draft.lead ? <p className={styles.previewLead}>{draft.lead}</p> : null}
        {parseContentBody(draft.body).map((section) => (
          <div key={section.id}>
            {section.heading ? <h4 className={staffPage.itemTitle}>{section.heading}</h4> : null}
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>
                <RichText text={paragraph} />
              </p>
            ))}
            {section.items.length ? (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>
                    <RichText text={item} />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
}
