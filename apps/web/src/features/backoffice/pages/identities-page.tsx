import { IDENTITY_SEARCH_MIN_LENGTH, type IdentitySearchResult } from '@nbr/domain/backoffice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { paths } from '../../../config/paths.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { switchAccount, useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useIdentitySearch } from '../api/search-identities.ts';
import { useSwitchUser } from '../api/switch-user.ts';
import styles from '../backoffice.module.css';
import { IdentityResult } from '../components/identity-result.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';

const DEBOUNCE_MS = 300;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * Staff find a person by e-mail or name and switch into their account. The query and page live in
 * the address, so reloading or coming back from a switch shows the same list.
 */
export function Component() {
  const { t } = useTranslation('backoffice');
  const { claims } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const [text, setText] = useState(() => searchParams.get('query') ?? '');
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const page = query === (searchParams.get('query') ?? '') ? pageFrom(searchParams.get('page')) : 1;
  const isTooShort = query.length > 0 && query.length < IDENTITY_SEARCH_MIN_LENGTH;
  const search = useIdentitySearch({ query, page }, { enabled: !isTooShort });
  const switchUser = useSwitchUser();
  const [switchingTo, setSwitchingTo] = useState<IdentitySearchResult | null>(null);

  const showPage = (next: number) => {
    const params: Record<string, string> = {};
    if (query) params.query = query;
    if (next > 1) params.page = String(next);
    setSearchParams(params, { replace: true });
  };

  const onTextChange = (value: string) => {
    setText(value);
    const trimmed = value.trim();
    setSearchParams(trimmed ? { query: trimmed } : {}, { replace: true });
  };

  const onSwitch = async (reason: string) => {
    if (!switchingTo) return;
    const token = await switchUser.mutateAsync({ identityPartyId: switchingTo.identity_party_id, reason });
    switchAccount(token, paths.app.home.getHref());
  };

  const data = isTooShort ? undefined : search.data;
  const heading = query ? t('identities.matches', { query }) : t('identities.newest');

  return (
    <PageLayout title={t('identities.title')} lead={t('identities.lead')}>
      <search className={styles.searchForm}>
        <TextField
          label={t('identities.searchLabel')}
          description={t('identities.searchHint')}
          type="search"
          value={text}
          onChange={onTextChange}
          autoComplete="off"
          spellCheck="false"
        />
      </search>

      <ReasonDialog
        isOpen={switchingTo !== null}
        onOpenChange={(open) => {
          if (!open) setSwitchingTo(null);
        }}
        title={t('identities.switchTitle', { email: switchingTo?.email ?? '' })}
        confirmLabel={t('identities.switch')}
        onConfirm={onSwitch}
      >
        <p>{t('identities.switchBody')}</p>
      </ReasonDialog>

      <section aria-labelledby="identity-results-heading">
        <h2 id="identity-results-heading" className={styles.resultsHeading}>
          {heading}
        </h2>
        <p className={staffPage.status} role="status">
          {isTooShort
            ? t('identities.tooShort')
            : search.isFetching && data
              ? t('identities.searching')
              : data && data.results.length === 0
                ? query
                  ? t('identities.none', { query })
                  : t('identities.noUsers')
                : ''}
        </p>
        {!isTooShort && search.isPending ? <LoadingState label={t('identities.searching')} /> : null}
        {search.isError && !isTooShort ? (
          <Alert tone="error" title={t('loadFailed')}>
            <p>{errorMessage(search.error, t)}</p>
            <Button variant="secondary" size="small" onPress={() => void search.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : null}
        {data && data.results.length > 0 ? (
          <ul className={staffPage.list} aria-label={t('identities.resultsLabel')}>
            {data.results.map((person) => (
              <IdentityResult
                key={person.identity_party_id}
                person={person}
                isSelf={person.identity_party_id === claims?.identity_party_id}
                isSwitching={
                  switchUser.isPending && switchingTo?.identity_party_id === person.identity_party_id
                }
                onSwitch={setSwitchingTo}
              />
            ))}
          </ul>
        ) : null}
        {data && (data.page > 1 || data.has_next_page) ? (
          <nav className={staffPage.pager} aria-label={t('identities.pagination')}>
            <Button
              variant="secondary"
              size="small"
              isDisabled={data.page <= 1}
              onPress={() => showPage(page - 1)}
            >
              {t('identities.previous')}
            </Button>
            <span>{t('identities.pageOf', { page: data.page })}</span>
            <Button
              variant="secondary"
              size="small"
              isDisabled={!data.has_next_page}
              onPress={() => showPage(page + 1)}
            >
              {t('identities.next')}
            </Button>
          </nav>
        ) : null}
      </section>
    </PageLayout>
  );
}
