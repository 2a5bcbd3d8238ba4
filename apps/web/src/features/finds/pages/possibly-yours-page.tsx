import type { OwnerFoundNotice } from '@nbr/domain/found-matching';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { foundMatchReasonText } from '../../../lib/found-match-reasons.ts';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useClaimFoundMatch, useFoundNotices } from '../api/found-notices.ts';
import styles from '../finds.module.css';

/**
 * /app/possibly-yours (issue 32 §2): a bike like the person's stolen one was found. Who holds it is
 * named when it is a town, the police or a dock's operator, never when a person found it; claiming
 * opens the chat with the holder about the person's bike, where the pickup is agreed.
 */
export function Component() {
  const { t } = useTranslation('finds');
  const notices = useFoundNotices();
  return (
    <PageLayout title={t('possiblyYours.title')} lead={t('possiblyYours.lead')}>
      {notices.isPending ? <LoadingState /> : null}
      {notices.isError ? (
        <LoadError
          title={t('possiblyYours.loadFailed')}
          error={notices.error}
          retry={() => void notices.refetch()}
        />
      ) : null}
      {notices.data && notices.data.notices.length === 0 ? (
        <p role="status">{t('possiblyYours.none')}</p>
      ) : null}
      {notices.data?.notices.map((notice) => (
        <Notice key={notice.match_id} notice={notice} />
      ))}
    </PageLayout>
  );
}

function Notice({ notice }: { notice: OwnerFoundNotice }) {
  const { t, i18n } = useTranslation('finds');
  const navigate = useNavigate();
  const claim = useClaimFoundMatch();
  const date = formatDate(notice.found_at, i18n.language);
  const what = notice.holder_organisation
    ? t(`possiblyYours.by.${notice.source}`, {
        bike: notice.bike_name,
        holder: notice.holder_organisation,
        date,
      })
    : t('possiblyYours.reportedFound', { bike: notice.bike_name, date });
  return (
    <Card title={t('possiblyYours.cardTitle', { bike: notice.bike_name })} id={`notice-${notice.match_id}`}>
      <p>{what}</p>
      <p>{t('possiblyYours.why')}</p>
      <ul className={styles.reasons} aria-label={t('possiblyYours.reasons')}>
        {notice.reasons.map((reason) => (
          <li key={reason.kind}>{foundMatchReasonText(reason, t)}</li>
        ))}
      </ul>
      <p>{t('possiblyYours.privacy')}</p>
      <ErrorSummary message={claim.isError ? errorMessage(claim.error, t) : null} />
      {notice.chat_id ? (
        <LinkButton href={paths.app.chat.getHref({ chatId: notice.chat_id })}>
          {t('possiblyYours.openChat')}
        </LinkButton>
      ) : (
        <Button
          isPending={claim.isPending}
          onPress={() =>
            claim.mutate(notice.match_id, {
              onSuccess: ({ chat_id }) => void navigate(paths.app.chat.getHref({ chatId: chat_id })),
            })
          }
        >
          {t('possiblyYours.claim')}
        </Button>
      )}
    </Card>
  );
}
