import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useFrameNumberCollisions } from '../api/list-frame-number-collisions.ts';
import styles from '../backoffice.module.css';

/**
 * Frame numbers several bikes share once look-alike letters of other scripts are folded: the copies
 * the register could not fold by itself, for support to contact the owners and sort out.
 */
export function FrameNumberCollisions() {
  const { t, i18n } = useTranslation('backoffice');
  const collisions = useFrameNumberCollisions();
  return (
    <Card title={t('collisions.title')} id="frame-number-collisions">
      <p>{t('collisions.body')}</p>
      {collisions.isPending ? <LoadingState label={t('collisions.loading')} /> : null}
      {collisions.isError ? (
        <Alert tone="error" title={t('loadFailed')}>
          <p>{errorMessage(collisions.error, t)}</p>
          <Button variant="secondary" size="small" onPress={() => void collisions.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : null}
      {collisions.data?.length === 0 ? <p>{t('collisions.none')}</p> : null}
      {collisions.data && collisions.data.length > 0 ? (
        <ul className={staffPage.list} aria-label={t('collisions.title')}>
          {collisions.data.map((collision) => (
            <li key={collision.folded_key} className={`${staffPage.item} ${styles.result}`}>
              <h3 className={staffPage.itemTitle}>
                {t('collisions.number', { number: collision.folded_key })}
              </h3>
              <ul className={staffPage.list}>
                {collision.bikes.map((bike) => (
                  <li key={bike.bike_id}>
                    <dl className={`${staffPage.facts} ${styles.facts}`}>
                      <div>
                        <dt>{t('collisions.stored')}</dt>
                        <dd>
                          {bike.frame_number} (
                          {bike.is_folded ? t('collisions.latin') : t('collisions.lookAlike')})
                        </dd>
                      </div>
                      <div>
                        <dt>{t('collisions.owner')}</dt>
                        <dd>{bike.owner_email ?? t('collisions.organisation')}</dd>
                      </div>
                      <div>
                        <dt>{t('collisions.registered')}</dt>
                        <dd>
                          {formatDate(bike.created_at, i18n.language)}
                          {bike.status === 'stolen' ? ` · ${t('collisions.stolen')}` : ''}
                        </dd>
                      </div>
                    </dl>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
