import type { SearchHit } from '@nbr/domain/search';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error.tsx';
import { paths } from '../../config/paths.ts';
import { OwnershipThumbnail } from '../../features/ownership/components/ownership-bike.tsx';
import styles from '../../features/ownership/ownership.module.css';
import { useSearchForm } from '../../features/search/hooks/use-search-form.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button, LinkButton } from '../../ui/button.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import { LoadingState } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';

function useHitTitle() {
  const { t } = useTranslation('ownership');
  return (hit: SearchHit) => [hit.brand, hit.model].filter(Boolean).join(' ') || t('bike.unnamed');
}

function Hit({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('ownership');
  const title = useHitTitle()(hit);
  const details = [
    hit.color ? t(`common:bike.colors.${hit.color}`) : null,
    hit.category ? t(`common:bike.categories.${hit.category}`) : null,
  ].filter(Boolean);
  return (
    <li className={styles.item}>
      <div className={styles.bike}>
        <OwnershipThumbnail url={hit.thumbnail_url ?? hit.picture_url} />
        <div>
          <h3 className={styles.bikeTitle}>{title}</h3>
          {details.length ? <p className={styles.bikeMeta}>{details.join(' · ')}</p> : null}
          <dl className={styles.identifiers}>
            <div>
              <dt>{t(`request.identifier.${hit.identifier}`)}</dt>
              <dd className={styles.code}>{hit.matched_value}</dd>
            </div>
          </dl>
          {hit.match === 'look_alike' ? <p className={styles.itemMeta}>{t('request.lookAlike')}</p> : null}
        </div>
      </div>
      <div className={styles.itemActions}>
        <LinkButton
          href={paths.app.requestOwnershipBike.getHref({ bikeId: hit.bike_id })}
          aria-label={t('request.chooseLabel', { name: title, value: hit.matched_value })}
        >
          {t('request.choose')}
        </LinkButton>
      </div>
    </li>
  );
}

/** /app/bikes/request-ownership — find the bike by frame number or plate to ask its owner for it. */
export function Component() {
  const { t } = useTranslation(['ownership', 'common']);
  const { query, typed, setTyped, fieldError, setFieldError, search, onSubmit } = useSearchForm();

  const hits = query && search.data ? search.data.results : [];

  return (
    <PageLayout title={t('request.searchTitle')} lead={t('request.searchLead')}>
      <search>
        <form onSubmit={onSubmit} noValidate className={styles.searchForm}>
          <TextField
            label={t('request.searchLabel')}
            description={t('request.searchHint')}
            type="search"
            name="q"
            value={typed}
            onChange={(value) => {
              setTyped(value);
              if (fieldError) setFieldError(null);
            }}
            error={fieldError}
            autoComplete="off"
            spellCheck="false"
          />
          <div>
            <Button type="submit" isPending={search.isFetching}>
              {t('request.search')}
            </Button>
          </div>
        </form>
      </search>
      {query ? (
        <section aria-labelledby="request-results-heading" className={styles.section}>
          <h2 id="request-results-heading" className={styles.sectionTitle}>
            {t('request.resultsTitle', { query })}
          </h2>
          <p role="status" className={styles.hint}>
            {search.isFetching
              ? t('request.searching')
              : search.data && hits.length > 0
                ? t('request.resultCount', { count: hits.length })
                : ''}
          </p>
          {search.isPending ? <LoadingState label={t('request.searching')} /> : null}
          {search.isError ? (
            <LoadError
              title={t('request.searchFailed')}
              error={search.error}
              retry={() => void search.refetch()}
            />
          ) : null}
          {search.data && !search.isError && hits.length === 0 ? (
            <Alert tone="warning" title={t('request.noHitsTitle')} announce="none">
              <p>{t('request.noHitsText')}</p>
            </Alert>
          ) : null}
          {hits.length > 0 ? (
            <ul className={styles.list}>
              {hits.map((hit) => (
                <Hit key={`${hit.bike_id}-${hit.identifier}`} hit={hit} />
              ))}
            </ul>
          ) : null}
        </section>
      ) : (
        <p className={styles.hint}>{t('request.searchIntro')}</p>
      )}
    </PageLayout>
  );
}
