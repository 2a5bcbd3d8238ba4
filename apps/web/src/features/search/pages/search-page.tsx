import { IDENTIFIER_MIN_LENGTH } from '@nbr/domain/identifiers';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { pageData } from '../../../lib/page-data.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { searchQueryOptions } from '../api/search-register.ts';
import { SearchResults } from '../components/search-results.tsx';
import { useSearchForm } from '../hooks/use-search-form.ts';
import styles from '../search.module.css';
import { orderHits, registerSearchOf } from '../search-query.ts';

/**
 * The first screen's data: the search of the address's ?q= (none without one, or for a query no
 * frame number or plate can be), so the server paints the results (issue 31).
 */
export const loader = pageData(({ request }, fetch) => {
  const query = registerSearchOf(new URL(request.url).searchParams);
  return query ? [fetch(searchQueryOptions(query))] : [];
});

/**
 * /search — anyone may look a bike up by frame number or plate ID. The query is the address's ?q=,
 * so a search can be shared and Back returns to the previous one. The form is a plain GET form of
 * /search?q=…: before the JavaScript runs (or without it) the browser loads that address and the
 * server paints the result; with it, the page puts the query in the address itself.
 */
export function Component() {
  const { t } = useTranslation(['search', 'common']);
  const { isLoggedIn } = useSession();
  const { query, queryProblem, typed, setTyped, fieldError, setFieldError, search, onSubmit } =
    useSearchForm();

  const data = query && !queryProblem ? search.data : undefined;
  const hits = data ? orderHits(data.results) : [];

  return (
    <PageLayout title={t('title')} lead={t('lead')}>
      <search className={styles.searchBox}>
        <form
          method="get"
          action={paths.public.search.getHref()}
          onSubmit={onSubmit}
          noValidate
          className={styles.searchForm}
        >
          <TextField
            label={t('field.label')}
            description={t('field.hint')}
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
            className={styles.searchField}
          />
          <Button type="submit" isPending={search.isFetching} className={styles.searchButton}>
            {t('submit')}
          </Button>
        </form>
      </search>

      {query ? (
        <section aria-labelledby="search-results-heading" className={styles.resultsSection}>
          <h2 id="search-results-heading" className={styles.resultsHeading}>
            {t('results.heading', { query })}
          </h2>
          <p role="status" className={styles.resultsStatus}>
            {search.isFetching
              ? t('results.searching')
              : data && hits.length > 0
                ? t('results.count', { count: hits.length })
                : ''}
          </p>
          {queryProblem ? (
            <div className={styles.noResult} data-testid="search-no-result">
              <Alert tone="warning" title={t('noResult.title')} announce="none">
                <p>
                  {queryProblem === 'identifier_too_short'
                    ? t('noResult.tooShort', { query, min: IDENTIFIER_MIN_LENGTH })
                    : t('noResult.notAnIdentifier', {
                        query,
                        reason: t(`common:validation.${queryProblem}`),
                      })}
                </p>
              </Alert>
            </div>
          ) : null}
          {search.isPending && !queryProblem ? <LoadingState label={t('results.searching')} /> : null}
          {search.isError ? (
            <LoadError title={t('results.failed')} error={search.error} retry={() => void search.refetch()} />
          ) : null}
          {data && !search.isError && hits.length === 0 ? (
            <div className={styles.noResult} data-testid="search-no-result">
              <Alert tone="warning" title={t('noResult.title')} announce="none">
                <p>{t('common:messages.searchNoResult')}</p>
              </Alert>
              <p>{t('noResult.hint')}</p>
            </div>
          ) : null}
          {hits.length > 0 ? (
            <>
              {isLoggedIn ? null : (
                <p className={styles.visitorHint}>
                  {hits.some((hit) => hit.status === 'stolen')
                    ? t('results.visitorHintStolen')
                    : t('results.visitorHint')}
                </p>
              )}
              <SearchResults hits={hits} isVisitor={!isLoggedIn} />
            </>
          ) : null}
        </section>
      ) : (
        <p className={styles.intro}>{t('intro')}</p>
      )}
    </PageLayout>
  );
}
