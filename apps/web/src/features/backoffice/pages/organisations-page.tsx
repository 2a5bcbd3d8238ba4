import { isAdminOnlyOrganisationType } from '@nbr/domain/backoffice-organisations';
import { ORGANISATION_TYPES, type OrganisationType } from '@nbr/domain/organisations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { paths } from '../../../config/paths.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useCreateOrganisation } from '../api/create-organisation.ts';
import { useOrganisations } from '../api/list-organisations.ts';
import styles from '../backoffice.module.css';
import { useStaffContext } from '../staff-context.ts';

const DEBOUNCE_MS = 300;
const ALL = 'all';

/**
 * Organisations in the backoffice: find them by name, registration number or town, and create one
 * (support the self-service types; insurers, the police and other powerful types only admins).
 */
export function Component() {
  const { t } = useTranslation(['backoffice', 'organisations']);
  const [searchParams, setSearchParams] = useSearchParams();
  const [text, setText] = useState(() => searchParams.get('query') ?? '');
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const type = searchParams.get('type');
  const [page, setPage] = useState(1);
  const list = useOrganisations({ query, type, page });
  const typeOptions = ORGANISATION_TYPES.map((value) => ({
    value,
    label: t(`organisations:types.${value}`, { defaultValue: value }),
  }));

  const setParams = (next: { query?: string; type?: string | null }) => {
    const params: Record<string, string> = {};
    const nextQuery = next.query ?? text.trim();
    const nextType = next.type === undefined ? type : next.type;
    if (nextQuery) params.query = nextQuery;
    if (nextType) params.type = nextType;
    setPage(1);
    setSearchParams(params, { replace: true });
  };

  return (
    <PageLayout title={t('organisations.title')} lead={t('organisations.lead')}>
      <div className={staffPage.stack}>
        <search className={styles.formGrid}>
          <TextField
            label={t('organisations.searchLabel')}
            type="search"
            value={text}
            onChange={(value) => {
              setText(value);
              setParams({ query: value.trim() });
            }}
            autoComplete="off"
          />
          <Select
            label={t('organisations.typeLabel')}
            value={type ?? ALL}
            onChange={(value) => setParams({ type: value === ALL ? null : value })}
            options={[{ value: ALL, label: t('organisations.allTypes') }, ...typeOptions]}
          />
        </search>

        <section aria-labelledby="organisation-results-heading">
          <h2 id="organisation-results-heading" className={styles.resultsHeading}>
            {t('organisations.resultsTitle')}
          </h2>
          <p className={staffPage.status} role="status">
            {list.data && list.data.results.length === 0 ? t('organisations.none') : ''}
          </p>
          {list.isPending ? <LoadingState /> : null}
          {list.isError ? (
            <Alert tone="error" title={t('loadFailed')}>
              <p>{errorMessage(list.error, t)}</p>
            </Alert>
          ) : null}
          {list.data && list.data.results.length > 0 ? (
            <ul className={staffPage.list}>
              {list.data.results.map((organisation) => (
                <li key={organisation.party_id} className={`${staffPage.item} ${styles.result}`}>
                  <div className={staffPage.stack}>
                    <h3 className={staffPage.itemTitle}>
                      <Link
                        href={paths.backoffice.organisation.getHref({
                          organisationId: organisation.party_id,
                        })}
                      >
                        {organisation.name}
                      </Link>
                    </h3>
                    <p className={styles.note}>
                      {t(`organisations:types.${organisation.type}`, { defaultValue: organisation.type })}
                      {organisation.town ? ` · ${organisation.town}` : ''}
                      {organisation.registration_number ? ` · ${organisation.registration_number}` : ''}
                      {' · '}
                      {t('organisations.memberCount', { count: organisation.member_count })}
                    </p>
                    {organisation.suspended_at ? (
                      <ul className={styles.badges}>
                        <li className={`${styles.badge} ${styles.badgeBlocked}`}>
                          {t('organisations.suspended')}
                        </li>
                      </ul>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
          {list.data && (list.data.page > 1 || list.data.has_next_page) ? (
            <nav className={staffPage.pager} aria-label={t('identities.pagination')}>
              <Button
                variant="secondary"
                size="small"
                isDisabled={page <= 1}
                onPress={() => setPage(page - 1)}
              >
                {t('identities.previous')}
              </Button>
              <span>{t('identities.pageOf', { page })}</span>
              <Button
                variant="secondary"
                size="small"
                isDisabled={!list.data.has_next_page}
                onPress={() => setPage(page + 1)}
              >
                {t('identities.next')}
              </Button>
            </nav>
          ) : null}
        </section>

        <CreateOrganisation />
      </div>
    </PageLayout>
  );
}

/** A new organisation and the invitation of its first admin. */
function CreateOrganisation() {
  const { t } = useTranslation(['backoffice', 'organisations']);
  const { staffRole } = useStaffContext();
  const navigate = useNavigate();
  const create = useCreateOrganisation();
  const types = ORGANISATION_TYPES.filter(
    (type) => staffRole === 'admin' || !isAdminOnlyOrganisationType(type),
  );
  const [values, setValues] = useState({
    name: '',
    type: 'dealer' as OrganisationType,
    region: 'dk' as 'dk' | 'no',
    registration_number: '',
    admin_email: '',
  });
  const issues = isApiError(create.error) ? create.error.issues : [];
  const fieldError = (key: string) =>
    issues.find((issue) => issue.loc[issue.loc.length - 1] === key)?.type ?? null;
  const set = (key: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  return (
    <Card title={t('organisations.createTitle')} id="create-organisation">
      <form
        className={staffPage.stack}
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(values, {
            onSuccess: (created) =>
              navigate(paths.backoffice.organisation.getHref({ organisationId: created.party_id })),
          });
        }}
      >
        <p className={styles.note}>
          {staffRole === 'admin' ? t('organisations.createBodyAdmin') : t('organisations.createBodySupport')}
        </p>
        <div className={styles.formGrid}>
          <TextField
            label={t('organisations.fields.name')}
            value={values.name}
            onChange={set('name')}
            error={fieldError('name')}
          />
          <Select
            label={t('organisations.fields.type')}
            value={values.type}
            onChange={set('type')}
            options={types.map((value) => ({
              value,
              label: t(`organisations:types.${value}`, { defaultValue: value }),
            }))}
          />
          <Select
            label={t('organisations.fields.region')}
            value={values.region}
            onChange={set('region')}
            options={[
              { value: 'dk', label: t('organisations.regions.dk') },
              { value: 'no', label: t('organisations.regions.no') },
            ]}
          />
          <TextField
            label={t('organisations.fields.registrationNumber')}
            value={values.registration_number}
            onChange={set('registration_number')}
            error={fieldError('registration_number')}
          />
          <TextField
            label={t('organisations.fields.adminEmail')}
            description={t('organisations.adminEmailHint')}
            type="email"
            value={values.admin_email}
            onChange={set('admin_email')}
            error={fieldError('admin_email')}
          />
        </div>
        {create.isError && issues.length === 0 ? (
          <Alert tone="error">
            <p>{errorMessage(create.error, t)}</p>
          </Alert>
        ) : null}
        <div className={staffPage.actions}>
          <Button type="submit" isPending={create.isPending}>
            {t('organisations.create')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
