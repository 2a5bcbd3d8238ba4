import type { StaffSurvey } from '@nbr/domain/survey-admin';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError, LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { profileQueryOptions } from '../../../lib/api/identity/get-profile.ts';
import {
  actingPartyOf,
  useActingOrganisation,
} from '../../../lib/api/organisations/get-acting-organisation.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useStaffSurveys } from '../api/get-staff-surveys.ts';
import { type AdminSurvey, useSurveys } from '../api/get-surveys.ts';
import { CreateSurveyForm } from '../components/create-survey-form.tsx';
import { FiguresSection } from '../components/figures-section.tsx';
import { FiltersForm } from '../components/filters-form.tsx';
import { InvitationCard } from '../components/invitation-card.tsx';
import { InvitedCountForm } from '../components/invited-count-form.tsx';
import { type FilterValues, figuresQueryOf, filtersFromSearch, searchOf } from '../lib/figures-query.ts';
import styles from '../survey-admin.module.css';

/*
 * /survey/admin-panel (issue 29 §1): the commuter surveys of the organisation the session acts for,
 * for its admins (create one, set how many were invited, invite, read and download the figures), and
 * every organisation's for backoffice staff in their own session (pick one, read and download). The
 * API decides the same (surveys.service.ts); anyone else is told plainly who the page is for.
 */
export function Component() {
  const { t } = useTranslation('survey-admin');
  const { claims } = useSession();
  const isActing = actingPartyOf(claims) !== null;
  const acting = useActingOrganisation(claims);
  const profile = useQuery({ ...profileQueryOptions, enabled: claims !== null && !isActing && !claims.act });

  if (claims?.act) return <NotForYou reason="switched" />;
  if (isActing) {
    if (acting.isPending) return <LoadingState />;
    if (acting.isError)
      return (
        <LoadErrorPage
          title={t('title')}
          alertTitle={t('access.organisationFailed')}
          error={acting.error}
          retry={() => void acting.refetch()}
        />
      );
    if (acting.data.role !== 'admin') return <NotForYou reason="notAdmin" organisation={acting.data.name} />;
    return <Panel mode="organisation" organisationName={acting.data.name} />;
  }
  if (profile.isPending) return <LoadingState />;
  if (profile.data?.staff_role) return <Panel mode="staff" organisationName={null} />;
  return <NotForYou reason="actFor" />;
}

function NotForYou({
  reason,
  organisation,
}: {
  reason: 'switched' | 'notAdmin' | 'actFor';
  organisation?: string;
}) {
  const { t } = useTranslation('survey-admin');
  return (
    <PageLayout title={t('title')}>
      <Alert tone="info" title={t('access.title')}>
        <p>{t(`access.${reason}`, { organisation })}</p>
        {reason === 'switched' ? null : (
          <LinkButton size="small" variant="secondary" href={paths.app.organisations.getHref()}>
            {t('access.toOrganisations')}
          </LinkButton>
        )}
      </Alert>
    </PageLayout>
  );
}

type PanelSurvey = AdminSurvey & { organisation?: StaffSurvey['organisation'] };

function Panel({
  mode,
  organisationName,
}: {
  mode: 'organisation' | 'staff';
  organisationName: string | null;
}) {
  const { t } = useTranslation('survey-admin');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const own = useSurveys(mode === 'organisation');
  const all = useStaffSurveys(mode === 'staff');
  const list = mode === 'organisation' ? own : all;
  const surveys: PanelSurvey[] | undefined = list.data;
  const selectedId = search.get('survey');
  const selected = surveys?.find((survey) => survey.id === selectedId) ?? null;
  const filters = useMemo(() => filtersFromSearch(search), [search]);

  const go = (surveyId: string | null, values: FilterValues) =>
    navigate(paths.surveys.adminPanel.getHref(searchOf(surveyId, values)), { preventScrollReset: true });

  return (
    <PageLayout
      title={t('title')}
      lead={
        mode === 'organisation' ? t('leadOrganisation', { organisation: organisationName }) : t('leadStaff')
      }
    >
      <div className={styles.stack}>
        {list.isPending ? <LoadingState label={t('list.loading')} /> : null}
        {list.isError ? (
          <LoadError title={t('list.loadFailed')} error={list.error} retry={() => void list.refetch()} />
        ) : null}
        {surveys ? (
          <SurveyList
            surveys={surveys}
            selectedId={selected?.id ?? null}
            showOrganisation={mode === 'staff'}
          />
        ) : null}
        {selectedId && surveys && !selected ? (
          <Alert tone="warning" title={t('list.unknownTitle')}>
            <p>{t('list.unknown')}</p>
          </Alert>
        ) : null}
        {selected ? (
          <SurveyDetails
            key={selected.id}
            survey={selected}
            canEdit={mode === 'organisation'}
            filters={filters}
            onFilter={(values) => void go(selected.id, values)}
          />
        ) : null}
        {mode === 'organisation' ? (
          <CreateSurveyForm onCreated={(id) => void go(id, filtersFromSearch(new URLSearchParams()))} />
        ) : null}
      </div>
    </PageLayout>
  );
}

function SurveyList({
  surveys,
  selectedId,
  showOrganisation,
}: {
  surveys: readonly PanelSurvey[];
  selectedId: string | null;
  showOrganisation: boolean;
}) {
  const { t, i18n } = useTranslation('survey-admin');
  const navigate = useNavigate();
  const organisations = useMemo(() => {
    const names = new Map<string, string>();
    for (const survey of surveys)
      if (survey.organisation) names.set(survey.organisation.party_id, survey.organisation.name);
    return [...names].sort((a, b) => a[1].localeCompare(b[1]));
  }, [surveys]);
  const [search] = useSearchParams();
  const organisationFilter = search.get('organisation') ?? '';
  const shown = organisationFilter
    ? surveys.filter((survey) => survey.organisation?.party_id === organisationFilter)
    : surveys;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });

  return (
    <Card title={t('list.title')} id="survey-list">
      {showOrganisation && organisations.length > 1 ? (
        <Select
          label={t('list.organisation')}
          options={[
            { value: 'all', label: t('list.allOrganisations') },
            ...organisations.map(([id, name]) => ({ value: id, label: name })),
          ]}
          value={organisationFilter || 'all'}
          onChange={(value) =>
            void navigate(
              paths.surveys.adminPanel.getHref({ organisation: value === 'all' ? undefined : value }),
              { preventScrollReset: true },
            )
          }
        />
      ) : null}
      {shown.length === 0 ? (
        <p>{showOrganisation ? t('list.noneStaff') : t('list.none')}</p>
      ) : (
        <ul className={styles.surveyList}>
          {shown.map((survey) => (
            <li
              key={survey.id}
              className={survey.id === selectedId ? styles.surveyItemSelected : styles.surveyItem}
            >
              <Link
                href={paths.surveys.adminPanel.getHref({
                  survey: survey.id,
                  organisation: organisationFilter || undefined,
                })}
                aria-current={survey.id === selectedId ? 'true' : undefined}
              >
                {survey.title}
              </Link>
              {survey.organisation ? <span className={styles.meta}>{survey.organisation.name}</span> : null}
              <span className={styles.meta}>
                {t('list.period', {
                  from: formatDate(survey.opens_on, i18n.language),
                  to: formatDate(survey.closes_on, i18n.language),
                })}
              </span>
              <span className={styles.meta}>
                {survey.invited_count
                  ? t('list.answersOfInvited', {
                      count: survey.finished_answers,
                      invited: survey.invited_count,
                      rate: percent.format(survey.finished_answers / survey.invited_count),
                    })
                  : t('list.answers', { count: survey.finished_answers })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function SurveyDetails({
  survey,
  canEdit,
  filters,
  onFilter,
}: {
  survey: PanelSurvey;
  canEdit: boolean;
  filters: FilterValues;
  onFilter: (values: FilterValues) => void;
}) {
  const { t, i18n } = useTranslation('survey-admin');
  const query = useMemo(() => figuresQueryOf(filters), [filters]);
  return (
    <section className={styles.stack} aria-labelledby="survey-details-title" data-testid="survey-details">
      <header>
        <h2 id="survey-details-title" className={styles.surveyTitle}>
          {survey.title}
        </h2>
        <p className={styles.meta}>
          {survey.organisation ? `${survey.organisation.name} · ` : ''}
          {t('list.period', {
            from: formatDate(survey.opens_on, i18n.language),
            to: formatDate(survey.closes_on, i18n.language),
          })}
        </p>
      </header>
      <div className={styles.twoColumns}>
        <InvitationCard surveyId={survey.id} title={survey.title} />
        <Card title={t('invited.title')} id="survey-invited">
          {canEdit ? (
            <InvitedCountForm surveyId={survey.id} invitedCount={survey.invited_count} />
          ) : (
            <p>
              {survey.invited_count === null
                ? t('invited.notSetStaff')
                : t('invited.value', { count: survey.invited_count })}
            </p>
          )}
        </Card>
      </div>
      <Card title={t('filters.title')} id="survey-filters">
        <FiltersForm values={filters} workplaces={survey.workplaces} onApply={onFilter} />
      </Card>
      <FiguresSection
        surveyId={survey.id}
        query={query}
        fileStem={`survey-figures-${survey.id.slice(0, 8)}`}
      />
    </section>
  );
}
