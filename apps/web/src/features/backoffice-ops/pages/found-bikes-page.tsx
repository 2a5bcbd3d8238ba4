import type { StaffFoundItem, StaffFoundMatch } from '@nbr/domain/found-matching';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { foundMatchReasonText } from '../../../lib/found-match-reasons.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useDecideFoundMatch } from '../api/decide-found-match.ts';
import { useStaffFoundMatches } from '../api/list-found-matches.ts';
import styles from '../backoffice-ops.module.css';

/**
 * /backoffice/v2/found-bikes (issue 32 §2): bikes reported found, taken in by a town or left in a
 * dock, each with the stolen bikes it may be, best first, and why; staff dismiss or confirm each.
 */
export function Component() {
  const { t } = useTranslation('backoffice-ops');
  const items = useStaffFoundMatches();
  return (
    <PageLayout title={t('found.title')} lead={t('found.lead')}>
      <p className={staffPage.status} role="status">
        {items.data && items.data.items.length === 0 ? t('found.none') : ''}
      </p>
      {items.isPending ? <LoadingState /> : null}
      {items.isError ? (
        <LoadError title={t('loadFailed')} error={items.error} retry={() => void items.refetch()} />
      ) : null}
      {items.data && items.data.items.length > 0 ? (
        <ul className={staffPage.list} aria-label={t('found.items')}>
          {items.data.items.map((item) => (
            <FoundItem key={item.pickup_id} item={item} />
          ))}
        </ul>
      ) : null}
    </PageLayout>
  );
}

function FoundItem({ item }: { item: StaffFoundItem }) {
  const { t, i18n } = useTranslation(['backoffice-ops', 'common']);
  const title =
    [[item.brand, item.model].filter(Boolean).join(' '), item.frame_number].filter(Boolean).join(' – ') ||
    t('found.unnamedBike');
  return (
    <li className={staffPage.item} aria-labelledby={`found-${item.pickup_id}`}>
      <h2 id={`found-${item.pickup_id}`} className={staffPage.itemTitle}>
        {title}
      </h2>
      {item.registered ? null : <p>{t('found.notRegistered')}</p>}
      <dl className={staffPage.facts}>
        <div>
          <dt>{t('found.source')}</dt>
          <dd>{t(`found.sources.${item.source}`)}</dd>
        </div>
        {item.category ? (
          <div>
            <dt>{t('found.category')}</dt>
            <dd>{t(`common:bike.categories.${item.category}`, { defaultValue: item.category })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('found.holder')}</dt>
          <dd>{item.holder_organisation ?? t('found.finder')}</dd>
        </div>
        <div>
          <dt>{t('found.foundOn')}</dt>
          <dd>{formatDate(item.found_at, i18n.language)}</dd>
        </div>
      </dl>
      <h3 className={styles.sectionHeading}>{t('found.candidates', { count: item.candidates.length })}</h3>
      <ol className={staffPage.list}>
        {item.candidates.map((candidate) => (
          <Candidate key={candidate.match_id} candidate={candidate} />
        ))}
      </ol>
    </li>
  );
}

function Candidate({ candidate }: { candidate: StaffFoundMatch }) {
  const { t, i18n } = useTranslation('backoffice-ops');
  const decide = useDecideFoundMatch();
  const title = [candidate.brand, candidate.model].filter(Boolean).join(' ') || t('found.unnamedBike');
  return (
    <li className={staffPage.item} aria-labelledby={`candidate-${candidate.match_id}`}>
      <h4 id={`candidate-${candidate.match_id}`} className={staffPage.itemTitle}>
        <Link href={paths.public.stolenBikeMapBike.getHref({ bikeId: candidate.bike_id })}>{title}</Link>
      </h4>
      <p data-testid="candidate-strength">
        {candidate.strong ? t('found.strong') : t('found.weak')}
        {candidate.notified_at
          ? ` ${t('found.notified', { date: formatDate(candidate.notified_at, i18n.language) })}`
          : ''}
      </p>
      <dl className={staffPage.facts}>
        <div>
          <dt>{t('found.frameNumber')}</dt>
          <dd>{candidate.frame_number ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('found.stolenAt')}</dt>
          <dd>{candidate.stolen_at ? formatDate(candidate.stolen_at, i18n.language) : '–'}</dd>
        </div>
        <div>
          <dt>{t('found.score')}</dt>
          <dd>{candidate.score}</dd>
        </div>
        <div>
          <dt>{t('found.decision')}</dt>
          <dd>{t(`found.decisions.${candidate.decision ?? 'open'}`)}</dd>
        </div>
      </dl>
      <ul aria-label={t('found.reasons')} className={styles.reasons}>
        {candidate.reasons.map((reason) => (
          <li key={reason.kind}>{foundMatchReasonText(reason, t)}</li>
        ))}
      </ul>
      <ErrorSummary message={decide.isError ? errorMessage(decide.error, t) : null} />
      <div className={staffPage.actions}>
        {candidate.decision === 'confirmed' ? null : (
          <Button
            size="small"
            isPending={decide.isPending && decide.variables?.decision === 'confirmed'}
            onPress={() => decide.mutate({ matchId: candidate.match_id, decision: 'confirmed' })}
          >
            {t('found.confirm')}
          </Button>
        )}
        {candidate.decision === 'dismissed' ? null : (
          <Button
            size="small"
            variant="secondary"
            isPending={decide.isPending && decide.variables?.decision === 'dismissed'}
            onPress={() => decide.mutate({ matchId: candidate.match_id, decision: 'dismissed' })}
          >
            {t('found.dismiss')}
          </Button>
        )}
      </div>
    </li>
  );
}
