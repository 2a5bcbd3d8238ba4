import { CONTACT_MESSAGE_MAX_LENGTH } from '@nbr/domain/finds';
import { CASE_NUMBER_MAX_LENGTH, type OrgBikeDetail, type OwnerContact } from '@nbr/domain/org-search';
import { POLICE_CASE_NUMBER_EXAMPLES } from '@nbr/domain/police-case-number';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { mayUseOrgBikeSearch } from '../../../lib/org-search-access.ts';
import { useRegion } from '../../../lib/region.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useOrgBike } from '../api/get-org-bike.ts';
import { useMessageOwner } from '../api/message-owner.ts';
import { useRevealOwnerContact } from '../api/reveal-owner-contact.ts';
import { NotForThisSession } from '../components/not-for-this-session.tsx';
import styles from '../org-search.module.css';

function Facts({ bike }: { bike: OrgBikeDetail }) {
  const { t, i18n } = useTranslation(['org-search', 'common']);
  const day = (value: string) => formatDate(value, i18n.language);
  return (
    <dl className={styles.facts}>
      <dt>{t('bike.frameNumber')}</dt>
      <dd>{bike.frame_number ?? t('bike.none')}</dd>
      <dt>{t('bike.plate')}</dt>
      <dd>{bike.plate_id ?? t('bike.none')}</dd>
      <dt>{t('bike.colour')}</dt>
      <dd>{bike.color ? t(`common:bike.colors.${bike.color}`) : t('bike.none')}</dd>
      <dt>{t('bike.status')}</dt>
      <dd>
        {bike.status === 'stolen' ? (
          <strong className={styles.stolen}>
            {bike.stolen_since
              ? t('bike.stolenSince', { date: day(bike.stolen_since) })
              : t('common:bike.status.stolen')}
          </strong>
        ) : (
          t(`common:bike.status.${bike.status}`)
        )}
      </dd>
      <dt>{t('bike.ownerVerified')}</dt>
      <dd>{bike.owner_verified ? t('bike.yes') : t('bike.no')}</dd>
      <dt>{t('bike.registeredAt')}</dt>
      <dd>{day(bike.registered_at)}</dd>
      {bike.last_dock_parking ? <DockParkingFact parking={bike.last_dock_parking} /> : null}
    </dl>
  );
}

/** Issue 28: where a stolen bike was last locked in a dock (the API answers it to the police only). */
function DockParkingFact({ parking }: { parking: NonNullable<OrgBikeDetail['last_dock_parking']> }) {
  const { t, i18n } = useTranslation('org-search');
  const values = {
    dock: parking.dock_name,
    address: [parking.street_address, parking.town].filter(Boolean).join(', '),
    lock: parking.lock_label,
    lockedAt: formatDateTime(parking.locked_at, i18n.language),
    unlockedAt: parking.unlocked_at ? formatDateTime(parking.unlocked_at, i18n.language) : '',
  };
  return (
    <>
      <dt>{t('dockParking.title')}</dt>
      <dd data-testid="last-dock-parking">
        {parking.unlocked_at ? t('dockParking.lockedUntil', values) : t('dockParking.lockedSince', values)}
      </dd>
    </>
  );
}

function History({ bike }: { bike: OrgBikeDetail }) {
  const { t, i18n } = useTranslation('org-search');
  return (
    <Card title={t('history.title')} id="org-bike-history">
      <ol className={styles.history}>
        {bike.history.map((entry) => (
          <li key={`${entry.event}-${entry.at}`}>
            <span className={styles.historyDate}>{formatDate(entry.at, i18n.language)}</span>{' '}
            <span>
              {t(`history.events.${entry.event}`, {
                holder: entry.holder_name ?? t('history.aFinder'),
                place: entry.place ?? '',
              })}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function MessageOwner({ bike }: { bike: OrgBikeDetail }) {
  const { t } = useTranslation(['org-search', 'common']);
  const send = useMessageOwner();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentChat, setSentChat] = useState<string | null>(null);
  const chatId = sentChat ?? bike.chat_id;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (content.trim() === '') {
      setError(t('common:validation.required'));
      return;
    }
    setError(null);
    send.mutate(
      { bikeId: bike.bike_id, content },
      {
        onSuccess: (result) => {
          setSentChat(result.chat_id);
          setContent('');
        },
        onError: (failure) => setError(errorMessage(failure, t)),
      },
    );
  };

  return (
    <Card title={t('message.title')} id="org-bike-message">
      <p className={styles.muted}>{t('message.lead')}</p>
      {sentChat ? (
        <Alert tone="success" announce="auto">
          <p>{t('message.sent')}</p>
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate className={styles.stack}>
        <TextField
          label={t('message.label')}
          name="content"
          value={content}
          onChange={setContent}
          error={error}
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        />
        <div className={styles.actions}>
          <Button type="submit" isPending={send.isPending}>
            {t('message.submit')}
          </Button>
          {chatId ? (
            <LinkButton href={paths.app.chat.getHref({ chatId })} variant="secondary">
              {t('message.openChat')}
            </LinkButton>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

function ContactDetails({ contact }: { contact: OwnerContact }) {
  const { t } = useTranslation('org-search');
  return (
    <dl className={styles.facts} data-testid="owner-contact">
      <dt>{t('contact.name')}</dt>
      <dd>{contact.name ?? t('bike.none')}</dd>
      <dt>{t('contact.email')}</dt>
      <dd>{contact.email ?? t('bike.none')}</dd>
      <dt>{t('contact.phone')}</dt>
      <dd>{[contact.mobile, contact.phone].filter(Boolean).join(', ') || t('bike.none')}</dd>
      <dt>{t('contact.address')}</dt>
      <dd>{contact.address.length > 0 ? contact.address.join(', ') : t('bike.none')}</dd>
    </dl>
  );
}

function RevealContact({ bike }: { bike: OrgBikeDetail }) {
  const { t } = useTranslation(['org-search', 'common']);
  const reveal = useRevealOwnerContact();
  // The police's own form of case number (police-case-number.ts), explained with an example.
  const { region } = useRegion();
  const [caseNumber, setCaseNumber] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = caseNumber.trim();
    if (trimmed === '') {
      setError(t('common:validation.required'));
      return;
    }
    setError(null);
    reveal.mutate(
      { bikeId: bike.bike_id, caseNumber: trimmed },
      {
        onError: (failure) => setError(isApiError(failure) ? errorMessage(failure, t) : t('contact.failed')),
      },
    );
  };

  return (
    <Card title={t('contact.title')} id="org-bike-contact">
      <p className={styles.muted}>{t('contact.lead')}</p>
      {reveal.data ? (
        <ContactDetails contact={reveal.data} />
      ) : (
        <form onSubmit={onSubmit} noValidate className={styles.stack}>
          <TextField
            label={t('contact.caseNumber')}
            description={t(region === 'no' ? 'contact.caseNumberHintNo' : 'contact.caseNumberHintDk', {
              example: POLICE_CASE_NUMBER_EXAMPLES[region],
            })}
            name="case_number"
            value={caseNumber}
            onChange={setCaseNumber}
            error={error}
            maxLength={CASE_NUMBER_MAX_LENGTH}
            autoComplete="off"
          />
          <div className={styles.actions}>
            <Button type="submit" isPending={reveal.isPending}>
              {t('contact.submit')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/**
 * /org-bike-search/bikes/{bikeId} (issue 17 §3): one bike as the police, a municipality or an
 * insurer sees it — its facts and history, never its owner — with the ways to reach the owner
 * through the register. Opening it is audited and shown in the owner's access log.
 */
export function Component() {
  const { t } = useTranslation(['org-search', 'common']);
  const { bikeId = '' } = useParams();
  const { claims } = useSession();
  const allowed = mayUseOrgBikeSearch(claims);
  const bike = useOrgBike(bikeId, allowed);
  const title = bike.data
    ? [bike.data.brand, bike.data.model].filter(Boolean).join(' ') || t('bike.unnamed')
    : t('bike.title');
  const identifier = bike.data?.frame_number ?? bike.data?.plate_id ?? null;

  return (
    <PageLayout title={title} lead={t('bike.lead')}>
      <p>
        <Link href={paths.public.orgBikeSearch.getHref()}>{t('bike.back')}</Link>
      </p>
      {!allowed ? <NotForThisSession /> : null}
      {allowed && bike.isPending ? <LoadingState /> : null}
      {bike.isError ? (
        <LoadError title={t('bike.loadFailed')} error={bike.error} retry={() => void bike.refetch()} />
      ) : null}
      {bike.data ? (
        <div className={styles.stack}>
          <Facts bike={bike.data} />
          <History bike={bike.data} />
          {bike.data.actions.includes('message') ? <MessageOwner bike={bike.data} /> : null}
          {bike.data.actions.includes('reveal_contact') ? <RevealContact bike={bike.data} /> : null}
          {bike.data.actions.includes('hold') && identifier ? (
            <Card title={t('hold.title')} id="org-bike-hold">
              <p className={styles.muted}>{t('hold.lead')}</p>
              <LinkButton href={paths.app.itemPickup.getHref({ identifier })}>{t('hold.action')}</LinkButton>
            </Card>
          ) : null}
        </div>
      ) : null}
    </PageLayout>
  );
}
