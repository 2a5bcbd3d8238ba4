import { REGIONS, type Region } from '@nbr/domain/locale-values';
import { normaliseRegionPagePath, regionPageAddress, type StaffRegionPage } from '@nbr/domain/region-pages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/api/identity/get-profile.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage, issueField } from '../../../lib/api-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useCreateRegionPage } from '../api/create-region-page.ts';
import { useStaffRegionPages } from '../api/list-region-pages.ts';
import { textState } from '../lib/text-state.ts';
import styles from '../region-pages.module.css';

/**
 * /backoffice/v2/region-pages: the region pages per region with each language's state; admins
 * create a page (a path below /dk or /no) and go on to write it.
 */
export function Component() {
  const { t } = useTranslation('region-pages');
  const isAdmin = useProfile().data?.staff_role === 'admin';
  const pages = useStaffRegionPages();
  return (
    <PageLayout title={t('staff.title')} lead={t('staff.lead')}>
      <div className={staffPage.stack}>
        {isAdmin ? (
          <Card title={t('staff.create.title')} id="new-region-page">
            <CreateRegionPageForm />
          </Card>
        ) : (
          <p className={styles.muted}>{t('staff.readOnly')}</p>
        )}
        {pages.isPending ? <LoadingState /> : null}
        {pages.isError ? (
          <LoadError title={t('staff.loadFailed')} error={pages.error} retry={() => void pages.refetch()} />
        ) : null}
        {pages.data
          ? REGIONS.map((region) => (
              <Card
                key={region}
                title={`${t(`staff.regions.${region}`)} (/${region})`}
                id={`region-${region}`}
              >
                <RegionPageList pages={pages.data.filter((page) => page.region === region)} />
              </Card>
            ))
          : null}
      </div>
    </PageLayout>
  );
}

function RegionPageList({ pages }: { pages: StaffRegionPage[] }) {
  const { t } = useTranslation('region-pages');
  if (pages.length === 0) return <p className={styles.muted}>{t('staff.list.empty')}</p>;
  return (
    <ul className={staffPage.list}>
      {pages.map((page) => (
        <li key={page.id} className={staffPage.item}>
          <h3 className={staffPage.itemTitle}>
            <Link
              href={paths.backoffice.v2RegionPage.getHref({ pageId: page.id })}
              aria-label={t('staff.list.edit', { address: page.address })}
            >
              <span className={styles.address}>{page.address}</span>
            </Link>
            {page.path === '' ? ` · ${t('staff.list.landing')}` : null}
          </h3>
          <ul className={styles.states}>
            {page.texts.map((text) => (
              <li key={text.language}>
                {t('staff.list.languageStatus', {
                  language: t(`staff.languages.${text.language}`),
                  status: t(`staff.status.${textState(text)}`),
                })}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function CreateRegionPageForm() {
  const { t } = useTranslation('region-pages');
  const navigate = useNavigate();
  const create = useCreateRegionPage();
  const [region, setRegion] = useState<Region>('dk');
  const [path, setPath] = useState('');
  const normalised = normaliseRegionPagePath(path).toLowerCase();
  const failure = create.error;
  const pathProblem =
    isApiError(failure) && failure.issues.some((issue) => issueField(issue.loc) === 'path')
      ? errorMessage(failure, t)
      : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(
      { region, path: normalised },
      {
        onSuccess: (page) => void navigate(paths.backoffice.v2RegionPage.getHref({ pageId: page.id })),
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} aria-label={t('staff.create.title')}>
      <ErrorSummary message={failure ? errorMessage(failure, t) : null} />
      <div className={styles.filters}>
        <Select
          label={t('staff.create.region')}
          options={REGIONS.map((value) => ({ value, label: `${t(`staff.regions.${value}`)} (/${value})` }))}
          value={region}
          onChange={(value) => setRegion(value as Region)}
        />
        <TextField
          label={t('staff.create.path')}
          description={t('staff.create.pathHint')}
          value={path}
          onChange={setPath}
          error={pathProblem}
          isOptional
          maxLength={120}
        />
      </div>
      <p className={styles.muted} aria-live="polite">
        {t('staff.create.address', { address: regionPageAddress(region, normalised) })}
      </p>
      <FormActions>
        <Button type="submit" isPending={create.isPending}>
          {t('staff.create.submit')}
        </Button>
      </FormActions>
    </Form>
  );
}
