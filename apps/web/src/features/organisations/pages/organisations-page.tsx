import type { Organisation } from '@nbr/domain/organisations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useOrganisations } from '../../../lib/api/organisations/get-organisations.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useActAs } from '../../../lib/use-act-as.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import styles from '../organisations.module.css';

type Notice = { tone: 'success' | 'error'; text: string };

/** /app/organisations — the person's organisations, acting for one of them, and back. */
export function Component() {
  const { t } = useTranslation(['organisations', 'common']);
  const organisations = useOrganisations();
  const { actingPartyId, actAs, actAsSelf, isPending } = useActAs();
  const [notice, setNotice] = useState<Notice | null>(null);

  const switchTo = async (organisation: Organisation) => {
    setNotice(null);
    try {
      await actAs(organisation);
      setNotice({ tone: 'success', text: t('list.switchedTo', { name: organisation.name }) });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  const switchBack = async () => {
    setNotice(null);
    try {
      await actAsSelf();
      setNotice({ tone: 'success', text: t('list.switchedBack') });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  return (
    <PageLayout title={t('list.title')} lead={t('list.lead')} width="reading">
      <div className={styles.stack}>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        {organisations.isPending ? <LoadingState /> : null}
        {organisations.isError ? (
          <Alert tone="error" title={t('list.loadFailed')}>
            <p>{errorMessage(organisations.error, t)}</p>
            <Button variant="secondary" size="small" onPress={() => void organisations.refetch()}>
              {t('list.retry')}
            </Button>
          </Alert>
        ) : null}
        {organisations.data?.length === 0 ? <p>{t('list.empty')}</p> : null}
        {organisations.data?.length ? (
          <ul className={styles.list}>
            {organisations.data.map((organisation) => {
              const isActing = organisation.party_id === actingPartyId;
              return (
                <li key={organisation.party_id}>
                  <Card title={organisation.name}>
                    <p className={styles.meta}>
                      {t(`types.${organisation.type}`)} ·{' '}
                      {t('list.yourRole', { role: organisation.role ? t(`roles.${organisation.role}`) : '' })}
                    </p>
                    {isActing ? <p className={styles.badge}>{t('list.actingNow')}</p> : null}
                    <div className={styles.actions}>
                      {isActing ? (
                        <Button variant="secondary" onPress={() => void switchBack()} isDisabled={isPending}>
                          {t('list.backToOwn')}
                        </Button>
                      ) : (
                        <Button onPress={() => void switchTo(organisation)} isDisabled={isPending}>
                          {t('list.actAs', { name: organisation.name })}
                        </Button>
                      )}
                      <LinkButton
                        variant="secondary"
                        href={paths.app.organisationMembers.getHref({
                          organisationId: organisation.party_id,
                        })}
                      >
                        {t('list.manageMembers', { name: organisation.name })}
                      </LinkButton>
                      {organisation.role === 'admin' ? (
                        <LinkButton
                          variant="secondary"
                          href={paths.app.organisationApiKeys.getHref({
                            organisationId: organisation.party_id,
                          })}
                        >
                          {t('list.manageApiKeys', { name: organisation.name })}
                        </LinkButton>
                      ) : null}
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        ) : null}
        <div className={styles.actions}>
          <LinkButton href={paths.app.organisationCreate.getHref()} variant="secondary">
            {t('list.create')}
          </LinkButton>
        </div>
      </div>
    </PageLayout>
  );
}
