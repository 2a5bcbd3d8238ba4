import {
  REGION_PAGE_BODY_MAX_LENGTH,
  REGION_PAGE_DESCRIPTION_MAX_LENGTH,
  REGION_PAGE_LANGUAGES,
  REGION_PAGE_TITLE_MAX_LENGTH,
  type RegionPageLanguage,
  type RegionPageTextInput,
  regionPageFallbackLanguage,
  type StaffRegionPage,
} from '@nbr/domain/region-pages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { MarkupBody } from '../../../components/markup-body.tsx';
import { paths, regionPageHref } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/api/identity/get-profile.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useDeleteRegionPage } from '../api/delete-region-page.ts';
import { useStaffRegionPage } from '../api/get-staff-region-page.ts';
import { usePublishRegionPage } from '../api/publish-region-page.ts';
import { useSaveRegionPageDraft } from '../api/save-region-page-draft.ts';
import { useUnpublishRegionPage } from '../api/unpublish-region-page.ts';
import styles from '../region-pages.module.css';

const EMPTY: RegionPageTextInput = { title: '', description: '', body: '' };

/**
 * /backoffice/v2/region-pages/{pageId}: one region page. Pick a language, write its draft and see it
 * as a visitor will (the preview renders the form's text); admins save the draft, publish it,
 * unpublish the language or delete the page. Support staff read it all.
 */
export function Component() {
  const { t, i18n } = useTranslation('region-pages');
  const pageId = useParams().pageId ?? '';
  const page = useStaffRegionPage(pageId);
  const isAdmin = useProfile().data?.staff_role === 'admin';
  // The staff member's own language first; the others are a choice away.
  const [language, setLanguage] = useState<RegionPageLanguage>(
    () => REGION_PAGE_LANGUAGES.find((candidate) => candidate === i18n.language) ?? 'da',
  );

  if (page.isPending) return <LoadingState />;
  if (page.isError) {
    return (
      <LoadErrorPage
        title={t('staff.title')}
        alertTitle={t('staff.loadFailed')}
        error={page.error}
        retry={() => void page.refetch()}
      />
    );
  }
  const data = page.data;
  return (
    <PageLayout title={data.address} lead={t(`staff.regions.${data.region}`)}>
      <div className={staffPage.stack}>
        <div className={styles.links}>
          <Link href={paths.backoffice.v2RegionPages.getHref()}>{t('staff.edit.back')}</Link>
          <Link href={regionPageHref(data.region, data.path)} external>
            {t('staff.edit.open', { address: data.address })}
          </Link>
        </div>
        {isAdmin ? null : <p className={styles.muted}>{t('staff.readOnly')}</p>}
        <div className={styles.filters}>
          <Select
            label={t('staff.edit.language')}
            options={REGION_PAGE_LANGUAGES.map((value) => ({ value, label: t(`staff.languages.${value}`) }))}
            value={language}
            onChange={(value) => setLanguage(value as RegionPageLanguage)}
          />
        </div>
        <p className={styles.muted}>
          {t('staff.edit.fallback', {
            language: t(`staff.languages.${regionPageFallbackLanguage(data.region)}`),
          })}{' '}
          {data.path === '' ? t('staff.edit.landingBuiltIn') : null}
        </p>
        <RegionPageTextEditor
          // Another language starts the form afresh (with that language's draft).
          key={language}
          page={data}
          language={language}
          canEdit={isAdmin}
        />
        {isAdmin ? <DeletePage page={data} /> : null}
      </div>
    </PageLayout>
  );
}

function RegionPageTextEditor({
  page,
  language,
  canEdit,
}: {
  page: StaffRegionPage;
  language: RegionPageLanguage;
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation('region-pages');
  const text = page.texts.find((entry) => entry.language === language);
  const saved = text?.draft ?? null;
  const [draft, setDraft] = useState<RegionPageTextInput>(saved ?? EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<'saved' | 'published' | 'unpublished' | null>(null);
  const save = useSaveRegionPageDraft();
  const publish = usePublishRegionPage();
  const unpublish = useUnpublishRegionPage();
  const failure = save.error ?? publish.error ?? unpublish.error;
  const isUnsaved =
    !saved ||
    saved.title !== draft.title.trim() ||
    saved.description !== draft.description.trim() ||
    saved.body !== draft.body.trim();
  const field = (name: keyof RegionPageTextInput) => (value: string) => {
    setDone(null);
    setDraft((current) => ({ ...current, [name]: value }));
  };
  const clear = () => {
    setProblem(null);
    setDone(null);
    save.reset();
    publish.reset();
    unpublish.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    if (!draft.title.trim() || !draft.body.trim()) {
      setProblem(t('staff.edit.invalid'));
      return;
    }
    save.mutate({ pageId: page.id, language, text: draft }, { onSuccess: () => setDone('saved') });
  };

  return (
    <>
      <Card title={t(`staff.languages.${language}`)} id="region-page-text">
        <div className={staffPage.stack}>
          <p className={styles.muted} data-testid="region-page-state">
            {text?.published_at
              ? t('staff.edit.publishedAt', { date: formatDateTime(text.published_at, i18n.language) })
              : t('staff.edit.notPublished')}{' '}
            {text?.draft_updated_at
              ? t('staff.edit.draftSaved', { date: formatDateTime(text.draft_updated_at, i18n.language) })
              : t('staff.edit.noDraft')}
          </p>
          {done ? <Alert tone="success" title={t(`staff.edit.${done}`)} /> : null}
          <Form onSubmit={onSubmit} aria-label={t(`staff.languages.${language}`)}>
            <ErrorSummary message={problem ?? (failure ? errorMessage(failure, t) : null)} />
            <TextField
              label={t('staff.edit.titleField')}
              value={draft.title}
              onChange={field('title')}
              maxLength={REGION_PAGE_TITLE_MAX_LENGTH}
              isReadOnly={!canEdit}
            />
            <TextAreaField
              label={t('staff.edit.description')}
              description={t('staff.edit.descriptionHint')}
              value={draft.description}
              onChange={field('description')}
              maxLength={REGION_PAGE_DESCRIPTION_MAX_LENGTH}
              rows={2}
              isReadOnly={!canEdit}
            />
            <TextAreaField
              label={t('staff.edit.body')}
              description={t('staff.edit.bodyHint')}
              value={draft.body}
              onChange={field('body')}
              maxLength={REGION_PAGE_BODY_MAX_LENGTH}
              rows={14}
              isReadOnly={!canEdit}
            />
            {canEdit ? (
              <FormActions>
                <Button type="submit" isPending={save.isPending}>
                  {t('staff.edit.save')}
                </Button>
                <Button
                  variant="secondary"
                  isPending={publish.isPending}
                  onPress={() => {
                    clear();
                    if (isUnsaved) {
                      setProblem(t('staff.edit.unsaved'));
                      return;
                    }
                    publish.mutate({ pageId: page.id, language }, { onSuccess: () => setDone('published') });
                  }}
                >
                  {t('staff.edit.publish')}
                </Button>
                {text?.published ? (
                  <Button
                    variant="secondary"
                    isPending={unpublish.isPending}
                    onPress={() => {
                      clear();
                      unpublish.mutate(
                        { pageId: page.id, language },
                        { onSuccess: () => setDone('unpublished') },
                      );
                    }}
                  >
                    {t('staff.edit.unpublish')}
                  </Button>
                ) : null}
              </FormActions>
            ) : null}
          </Form>
        </div>
      </Card>
      <section
        className={styles.preview}
        aria-labelledby="region-page-preview"
        data-testid="region-page-preview"
      >
        <h2 id="region-page-preview" className={staffPage.itemTitle}>
          {t('staff.edit.preview')}
        </h2>
        <p className={styles.muted}>{t('staff.edit.previewLead')}</p>
        <div lang={language}>
          <p className={styles.previewTitle}>{draft.title}</p>
          {draft.description ? <p className={styles.previewLead}>{draft.description}</p> : null}
          <MarkupBody body={draft.body} headingLevel={3} />
        </div>
      </section>
    </>
  );
}

function DeletePage({ page }: { page: StaffRegionPage }) {
  const { t } = useTranslation('region-pages');
  const navigate = useNavigate();
  const remove = useDeleteRegionPage();
  const [isOpen, setOpen] = useState(false);
  return (
    <div>
      <Button variant="danger" onPress={() => setOpen(true)}>
        {t('staff.edit.delete')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={t('staff.edit.deleteTitle', { address: page.address })}
        confirmLabel={t('staff.edit.deleteConfirm')}
        variant="danger"
        onConfirm={async () => {
          await remove.mutateAsync(page.id);
          await navigate(paths.backoffice.v2RegionPages.getHref());
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('staff.edit.deleteBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
