import { BIKE_COLORS } from '@nbr/domain/bikes';
import type { OrgBikeHit } from '@nbr/domain/org-search';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { mayUseCloseSerialSearch, mayUseOrgBikeSearch } from '../../../lib/org-search-access.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { type OrgSearchCriteria, useOrgBikeSearch } from '../api/search-bikes.ts';
import { NotForThisSession } from '../components/not-for-this-session.tsx';
import styles from '../org-search.module.css';

const FIELDS = ['q', 'brand', 'model', 'color', 'stolen', 'close'] as const;
const ANY = 'any';

function criteriaOf(params: URLSearchParams): OrgSearchCriteria {
  return Object.fromEntries(
    FIELDS.flatMap((field) => {
      const value = params.get(field)?.trim();
      return value ? [[field, value]] : [];
    }),
  );
}

function Hit({ hit }: { hit: OrgBikeHit }) {
  const { t, i18n } = useTranslation(['org-search', 'common']);
  const title = [hit.brand, hit.model].filter(Boolean).join(' ') || t('bike.unnamed');
  const facts = [
    hit.color ? t(`common:bike.colors.${hit.color}`) : null,
    hit.category ? t(`common:bike.categories.${hit.category}`) : null,
    hit.is_electric ? t('bike.electric') : null,
  ].filter(Boolean);
  return (
    <li className={styles.hit} data-status={hit.status}>
      <h3 className={styles.hitTitle}>
        <Link href={paths.public.orgBikeSearchBike.getHref({ bikeId: hit.bike_id })}>{title}</Link>
      </h3>
      {facts.length > 0 ? <p className={styles.muted}>{facts.join(' · ')}</p> : null}
      <dl className={styles.facts}>
        <dt>{t('bike.frameNumber')}</dt>
        <dd>{hit.frame_number ?? t('bike.none')}</dd>
        {hit.close_match ? (
          <>
            <dt>{t('bike.closeMatch')}</dt>
            <dd>
              {hit.close_match.distance === 0
                ? t('bike.closeExact')
                : t('bike.closeDistance', {
                    count: hit.close_match.distance,
                    prefix: hit.close_match.shared_prefix,
                  })}
            </dd>
          </>
        ) : null}
        <dt>{t('bike.plate')}</dt>
        <dd>{hit.plate_id ?? t('bike.none')}</dd>
        <dt>{t('bike.status')}</dt>
        <dd>
          {hit.status === 'stolen' ? (
            <strong className={styles.stolen}>
              {hit.stolen_since
                ? t('bike.stolenSince', { date: formatDate(hit.stolen_since, i18n.language) })
                : t('common:bike.status.stolen')}
            </strong>
          ) : (
            t(`common:bike.status.${hit.status}`)
          )}
        </dd>
        <dt>{t('bike.ownerVerified')}</dt>
        <dd>{hit.owner_verified ? t('bike.yes') : t('bike.no')}</dd>
      </dl>
    </li>
  );
}

/**
 * /org-bike-search (issue 17 §3): a member acting for the police, a municipality or an insurer
 * searches every registered bike by frame number, plate or facts; the criteria are the address's
 * query, so Back returns to the previous search. The owner is never shown: a bike's page offers the
 * ways to reach them through the register.
 */
export function Component() {
  const { t } = useTranslation(['org-search', 'common']);
  const { claims } = useSession();
  const allowed = mayUseOrgBikeSearch(claims);
  const mayClose = mayUseCloseSerialSearch(claims);
  const [params, setParams] = useSearchParams();
  const criteria = criteriaOf(params);
  const [typed, setTyped] = useState<OrgSearchCriteria>(criteria);
  const [formError, setFormError] = useState<string | null>(null);
  const search = useOrgBikeSearch(criteria, allowed);
  const searched = Object.keys(criteria).length > 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const field of FIELDS) {
      const value = typed[field]?.trim();
      if (value && value !== ANY) next.set(field, value);
    }
    if ([...next.keys()].length === 0) {
      setFormError(t('form.empty'));
      return;
    }
    setFormError(null);
    setParams(next);
  };

  const set = (field: keyof OrgSearchCriteria) => (value: string) =>
    setTyped((current) => ({ ...current, [field]: value }));

  return (
    <PageLayout title={t('title')} lead={t('lead')}>
      {allowed ? (
        <>
          <search className={styles.searchBox}>
            <form onSubmit={onSubmit} noValidate className={styles.searchForm} aria-label={t('form.label')}>
              {formError ? (
                <Alert tone="warning" announce="auto">
                  <p>{formError}</p>
                </Alert>
              ) : null}
              <TextField
                label={t('form.q')}
                description={t('form.qHint')}
                type="search"
                name="q"
                value={typed.q ?? ''}
                onChange={set('q')}
                autoComplete="off"
                spellCheck="false"
              />
              {mayClose ? (
                <div>
                  <Checkbox
                    isSelected={typed.close === 'yes'}
                    onChange={(selected) => set('close')(selected ? 'yes' : '')}
                    aria-describedby="org-search-close-hint"
                  >
                    {t('form.close')}
                  </Checkbox>
                  <p id="org-search-close-hint" className={styles.muted}>
                    {t('form.closeHint')}
                  </p>
                </div>
              ) : null}
              <div className={styles.formRow}>
                <TextField
                  label={t('form.brand')}
                  name="brand"
                  value={typed.brand ?? ''}
                  onChange={set('brand')}
                />
                <TextField
                  label={t('form.model')}
                  name="model"
                  value={typed.model ?? ''}
                  onChange={set('model')}
                />
              </div>
              <div className={styles.formRow}>
                <Select
                  label={t('form.color')}
                  value={typed.color ?? ANY}
                  onChange={set('color')}
                  options={[
                    { value: ANY, label: t('form.any') },
                    ...BIKE_COLORS.map((color) => ({
                      value: color,
                      label: t(`common:bike.colors.${color}`),
                    })),
                  ]}
                />
                <Select
                  label={t('form.stolen')}
                  value={typed.stolen ?? ANY}
                  onChange={set('stolen')}
                  options={[
                    { value: ANY, label: t('form.any') },
                    { value: 'yes', label: t('form.stolenYes') },
                    { value: 'no', label: t('form.stolenNo') },
                  ]}
                />
              </div>
              <Button type="submit" isPending={search.isFetching}>
                {t('form.submit')}
              </Button>
            </form>
          </search>
          {searched ? (
            <section aria-labelledby="org-results-heading" className={styles.section}>
              <h2 id="org-results-heading" className={styles.sectionTitle}>
                {t('results.heading')}
              </h2>
              <p role="status" className={styles.muted}>
                {search.data
                  ? search.data.results.length === 0
                    ? t('results.none')
                    : search.data.truncated
                      ? t('results.truncated', { count: search.data.results.length })
                      : t('results.count', { count: search.data.results.length })
                  : ''}
              </p>
              {search.isPending ? <LoadingState label={t('results.searching')} /> : null}
              {search.isError ? (
                <LoadError
                  title={t('results.failed')}
                  error={search.error}
                  retry={() => void search.refetch()}
                />
              ) : null}
              {search.data && search.data.results.length > 0 ? (
                <ul className={styles.hits}>
                  {search.data.results.map((hit) => (
                    <Hit key={hit.bike_id} hit={hit} />
                  ))}
                </ul>
              ) : null}
            </section>
          ) : (
            <p className={styles.muted}>{t('intro')}</p>
          )}
        </>
      ) : (
        <NotForThisSession />
      )}
    </PageLayout>
  );
}
