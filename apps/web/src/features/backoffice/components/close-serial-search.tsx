import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useCloseSerials } from '../api/search-close-serials.ts';
import styles from '../backoffice.module.css';

/**
 * Close serials (issue 32 §3): a misread or scratched frame number, and every registered frame number
 * within two edits of it, closest first, each saying how far it is and how much of the start it shares.
 */
export function CloseSerialSearch() {
  const { t } = useTranslation(['backoffice', 'common']);
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState('');
  const search = useCloseSerials(asked);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAsked(typed.trim());
  };
  return (
    <Card title={t('closeSerials.title')} id="close-serials">
      <p>{t('closeSerials.body')}</p>
      <form onSubmit={onSubmit} noValidate aria-label={t('closeSerials.title')}>
        <TextField
          label={t('closeSerials.q')}
          type="search"
          name="q"
          value={typed}
          onChange={setTyped}
          autoComplete="off"
          spellCheck="false"
        />
        <Button type="submit" isPending={search.isFetching}>
          {t('closeSerials.submit')}
        </Button>
      </form>
      {search.isFetching && !search.data ? <LoadingState label={t('closeSerials.searching')} /> : null}
      {search.isError ? (
        <Alert tone="error" title={t('loadFailed')}>
          <p>{errorMessage(search.error, t)}</p>
        </Alert>
      ) : null}
      {search.data ? (
        <p role="status">
          {search.data.results.length === 0
            ? t('closeSerials.none')
            : search.data.truncated
              ? t('closeSerials.truncated', { count: search.data.results.length })
              : t('closeSerials.count', { count: search.data.results.length })}
        </p>
      ) : null}
      {search.data && search.data.results.length > 0 ? (
        <ul className={staffPage.list} aria-label={t('closeSerials.results')}>
          {search.data.results.map((hit) => (
            <li key={hit.bike_id} className={`${staffPage.item} ${styles.result}`}>
              <h3 className={staffPage.itemTitle}>{hit.frame_number}</h3>
              <dl className={`${staffPage.facts} ${styles.facts}`}>
                <div>
                  <dt>{t('closeSerials.why')}</dt>
                  <dd>
                    {hit.distance === 0
                      ? t('closeSerials.exact')
                      : t('closeSerials.distance', { count: hit.distance, prefix: hit.shared_prefix })}
                  </dd>
                </div>
                <div>
                  <dt>{t('closeSerials.bike')}</dt>
                  <dd>
                    {[hit.brand, hit.model].filter(Boolean).join(' ') || '–'} ·{' '}
                    {t(`common:bike.status.${hit.status}`)}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
