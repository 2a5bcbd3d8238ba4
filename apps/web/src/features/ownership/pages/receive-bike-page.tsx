import type { Transfer } from '@nbr/domain/ownership';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useClaimTransfers, useTransfers } from '../../../lib/api/ownership/transfers.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { OwnershipBikeSummary } from '../components/ownership-bike.tsx';
import { IncomingTransferCard } from '../components/transfer-cards.tsx';
import styles from '../ownership.module.css';

/** After accepting: the bike is mine now. */
function Accepted({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('ownership');
  return (
    <PageLayout title={t('receive.acceptedTitle')} width="form">
      <Alert tone="success" title={t('receive.acceptedHeading')}>
        <p>{t('receive.acceptedText')}</p>
      </Alert>
      <OwnershipBikeSummary bike={transfer.bike} headingLevel={2} />
      <div className={styles.actions}>
        <LinkButton href={paths.app.bike.getHref({ bikeId: transfer.bike.bike_id })}>
          {t('receive.toBike')}
        </LinkButton>
        <LinkButton href={paths.app.myBikes.getHref()} variant="secondary">
          {t('transfer.toMyBikes')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}

/** The server's own words for a refused claim (e.g. a link for another address), else our text. */
function claimErrorText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error) && error.detail && error.status !== 422) return error.detail;
  return errorMessage(error, t as never);
}

/**
 * /app/my-bikes/receive-bike — offers to me, to accept or reject. Coming from the offer e-mail
 * (`?code=`), the offer is first bound to the signed-in account (claim), then shown.
 */
export function Component() {
  const { t } = useTranslation(['ownership', 'common']);
  const [search] = useSearchParams();
  const code = search.get('code')?.trim() || undefined;
  const claim = useClaimTransfers();
  const claiming = Boolean(code) && (claim.isPending || claim.isIdle);
  const transfers = useTransfers({ enabled: !claiming });
  const [accepted, setAccepted] = useState<Transfer | null>(null);
  const claimed = useRef<string | null>(null);

  // Once per code: binding it twice is harmless, but it is one request too many.
  const { mutate: claimCode } = claim;
  useEffect(() => {
    if (!code || claimed.current === code) return;
    claimed.current = code;
    claimCode(code);
  }, [code, claimCode]);

  if (accepted) return <Accepted transfer={accepted} />;

  // The claim's answer counts until the list has been read again with the offer in it.
  const byId = new Map<string, Transfer>();
  for (const transfer of [...(claim.data ?? []), ...(transfers.data ?? [])])
    byId.set(transfer.transfer_id, transfer);
  const incoming = [...byId.values()].filter(
    (transfer) => transfer.direction === 'incoming' && transfer.status === 'pending',
  );
  // Of a claimed link, the offers it named come first; an answered one is explained.
  const claimedIds = new Set((claim.data ?? []).map((transfer) => transfer.transfer_id));
  const answeredClaims = (claim.data ?? []).filter((transfer) => transfer.status !== 'pending');
  incoming.sort((a, b) => Number(claimedIds.has(b.transfer_id)) - Number(claimedIds.has(a.transfer_id)));

  return (
    <PageLayout title={t('receive.title')} lead={t('receive.lead')}>
      {claim.isError ? (
        <Alert tone="error" title={t('receive.claimFailedTitle')}>
          <p>{claimErrorText(claim.error, t)}</p>
        </Alert>
      ) : null}
      {answeredClaims.map((transfer) => (
        <Alert key={transfer.transfer_id} tone="info" announce="none">
          <p>{t(`receive.alreadyAnswered.${transfer.status}`)}</p>
        </Alert>
      ))}
      {claiming || (transfers.isPending && incoming.length === 0) ? (
        <LoadingState label={claiming ? t('receive.claiming') : undefined} />
      ) : transfers.isError && !transfers.data && incoming.length === 0 ? (
        <LoadError title={t('loadFailed')} error={transfers.error} retry={() => void transfers.refetch()} />
      ) : incoming.length === 0 ? (
        <Alert tone="info" title={t('receive.noneTitle')} announce="none">
          <p>{t('receive.noneText')}</p>
          <div className={styles.actions}>
            <LinkButton href={paths.app.bikesOwnershipPortal.getHref()} variant="secondary" size="small">
              {t('transfer.toPortal')}
            </LinkButton>
          </div>
        </Alert>
      ) : (
        <ul className={styles.list}>
          {incoming.map((transfer) => (
            <IncomingTransferCard
              key={transfer.transfer_id}
              transfer={transfer}
              code={claimedIds.has(transfer.transfer_id) ? code : undefined}
              onAccepted={setAccepted}
              headingLevel={2}
            />
          ))}
        </ul>
      )}
    </PageLayout>
  );
}
