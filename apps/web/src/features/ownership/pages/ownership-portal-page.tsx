import type { OwnershipRequest, Transfer } from '@nbr/domain/ownership';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useOwnershipRequests } from '../../../lib/api/ownership/requests.ts';
import { useTransfers } from '../../../lib/api/ownership/transfers.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useOwnershipBikeTitle } from '../components/ownership-bike.tsx';
import { RequestCard } from '../components/request-cards.tsx';
import { IncomingTransferCard, OutgoingTransferCard } from '../components/transfer-cards.tsx';
import styles from '../ownership.module.css';

const OPEN_REQUEST = new Set(['open']);

function Choice({ id, title, text, action }: { id: string; title: string; text: string; action: ReactNode }) {
  return (
    <section className={styles.choice} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <p>{text}</p>
      <div>{action}</div>
    </section>
  );
}

function Section({
  id,
  title,
  level = 2,
  children,
}: {
  id: string;
  title: string;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = `h${level}` as const;
  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className={level === 2 ? styles.sectionTitle : styles.subsectionTitle}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/**
 * /app/bikes/ownership-portal — choose to request a bike or give one away, and see everything that
 * is pending, in and out: offers to me, my offers, requests for my bikes and my requests.
 */
export function Component() {
  const { t } = useTranslation(['ownership', 'common']);
  const transfers = useTransfers();
  const requests = useOwnershipRequests();
  const [accepted, setAccepted] = useState<Transfer | null>(null);
  const [offered, setOffered] = useState<Transfer | null>(null);
  const bikeTitle = useOwnershipBikeTitle();

  const pendingTransfers = (transfers.data ?? []).filter((transfer) => transfer.status === 'pending');
  const incomingTransfers = pendingTransfers.filter((transfer) => transfer.direction === 'incoming');
  const outgoingTransfers = pendingTransfers.filter((transfer) => transfer.direction === 'outgoing');
  const openRequests = (requests.data ?? []).filter((request) => OPEN_REQUEST.has(request.status));
  const incomingRequests = openRequests.filter((request) => request.direction === 'incoming');
  const outgoingRequests = openRequests.filter((request) => request.direction === 'outgoing');
  const history: ({ kind: 'transfer'; item: Transfer } | { kind: 'request'; item: OwnershipRequest })[] = [
    ...(transfers.data ?? [])
      .filter((transfer) => transfer.status !== 'pending')
      .map((item) => ({ kind: 'transfer' as const, item })),
    ...(requests.data ?? [])
      .filter((request) => !OPEN_REQUEST.has(request.status))
      .map((item) => ({ kind: 'request' as const, item })),
  ]
    .sort((a, b) => b.item.created_at.localeCompare(a.item.created_at))
    .slice(0, 10);

  const loading = transfers.isPending || requests.isPending;
  const nothingPending =
    !loading &&
    incomingTransfers.length +
      outgoingTransfers.length +
      incomingRequests.length +
      outgoingRequests.length ===
      0;

  return (
    <PageLayout title={t('portal.title')} lead={t('portal.lead')}>
      <div className={styles.choices}>
        <Choice
          id="choice-request"
          title={t('portal.requestTitle')}
          text={t('portal.requestText')}
          action={
            <LinkButton href={paths.app.requestOwnership.getHref()}>{t('portal.requestAction')}</LinkButton>
          }
        />
        <Choice
          id="choice-give"
          title={t('portal.giveTitle')}
          text={t('portal.giveText')}
          action={
            <LinkButton href={paths.app.transferOwnership.getHref()}>{t('portal.giveAction')}</LinkButton>
          }
        />
      </div>
      <div className={styles.actions}>
        <LinkButton href={paths.app.myBikesReceiveBike.getHref()} variant="secondary" size="small">
          {t('portal.receiveAction')}
        </LinkButton>
        <LinkButton href={paths.app.verifyOwnership.getHref()} variant="secondary" size="small">
          {t('portal.verifyAction')}
        </LinkButton>
      </div>

      <Section id="pending" title={t('portal.pendingTitle')}>
        {transfers.isError && !transfers.data ? (
          <LoadError title={t('loadFailed')} error={transfers.error} retry={() => void transfers.refetch()} />
        ) : null}
        {requests.isError && !requests.data ? (
          <LoadError title={t('loadFailed')} error={requests.error} retry={() => void requests.refetch()} />
        ) : null}
        {accepted ? (
          <Alert tone="success" title={t('receive.acceptedHeading')}>
            <p>{t('receive.acceptedText')}</p>
            <LinkButton
              href={paths.app.bike.getHref({ bikeId: accepted.bike.bike_id })}
              variant="secondary"
              size="small"
            >
              {t('receive.toBike')}
            </LinkButton>
          </Alert>
        ) : null}
        {offered ? (
          <Alert tone="success" title={t('request.offeredHeading')}>
            <p>{t('request.offeredText', { name: bikeTitle(offered.bike) })}</p>
          </Alert>
        ) : null}
        {loading ? <Spinner label={t('common:shell.loading')} /> : null}
        {nothingPending ? <p className={styles.muted}>{t('portal.nothingPending')}</p> : null}
        {incomingTransfers.length > 0 ? (
          <Section id="incoming-transfers" title={t('portal.incomingTransfers')} level={3}>
            <ul className={styles.list}>
              {incomingTransfers.map((transfer) => (
                <IncomingTransferCard
                  key={transfer.transfer_id}
                  transfer={transfer}
                  headingLevel={4}
                  onAccepted={setAccepted}
                />
              ))}
            </ul>
          </Section>
        ) : null}
        {outgoingTransfers.length > 0 ? (
          <Section id="outgoing-transfers" title={t('portal.outgoingTransfers')} level={3}>
            <ul className={styles.list}>
              {outgoingTransfers.map((transfer) => (
                <OutgoingTransferCard key={transfer.transfer_id} transfer={transfer} headingLevel={4} />
              ))}
            </ul>
          </Section>
        ) : null}
        {incomingRequests.length > 0 ? (
          <Section id="incoming-requests" title={t('portal.incomingRequests')} level={3}>
            <ul className={styles.list}>
              {incomingRequests.map((request) => (
                <RequestCard
                  key={request.request_id}
                  request={request}
                  headingLevel={4}
                  onOffered={setOffered}
                />
              ))}
            </ul>
          </Section>
        ) : null}
        {outgoingRequests.length > 0 ? (
          <Section id="outgoing-requests" title={t('portal.outgoingRequests')} level={3}>
            <ul className={styles.list}>
              {outgoingRequests.map((request) => (
                <RequestCard key={request.request_id} request={request} headingLevel={4} />
              ))}
            </ul>
          </Section>
        ) : null}
      </Section>
      {history.length > 0 ? (
        <Section id="history" title={t('portal.historyTitle')}>
          <ul className={styles.list}>
            {history.map((entry) =>
              entry.kind === 'transfer' ? (
                entry.item.direction === 'incoming' ? (
                  <IncomingTransferCard key={entry.item.transfer_id} transfer={entry.item} />
                ) : (
                  <OutgoingTransferCard key={entry.item.transfer_id} transfer={entry.item} />
                )
              ) : (
                <RequestCard key={entry.item.request_id} request={entry.item} />
              ),
            )}
          </ul>
        </Section>
      ) : null}
    </PageLayout>
  );
}
