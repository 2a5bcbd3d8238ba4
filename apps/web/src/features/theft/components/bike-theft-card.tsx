import type { Bike } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { useTheftDraft } from '../api/theft-report.ts';
import { resumeStep } from '../lib/theft-steps.ts';
import styles from '../theft.module.css';

/**
 * The bike page's theft card: "Report stolen" for a registered bike (or "Continue your report"
 * when a draft is saved), and for a stolen one the way to its report and to reporting it found.
 */
export function BikeTheftCard({ bike }: { bike: Bike }) {
  const { t } = useTranslation('theft');
  const stolen = bike.status === 'stolen';
  const draft = useTheftDraft(bike.bike_id, { enabled: !stolen, pageData: false });
  const bikeId = bike.bike_id;

  if (stolen) {
    return (
      <Card title={t('bikeCard.stolenTitle')} id="theft">
        <p>{t('bikeCard.stolenBody')}</p>
        <div className={styles.actions}>
          <LinkButton href={paths.app.bikeStolenBikeReport.getHref({ bikeId })}>
            {t('bikeCard.seeReport')}
          </LinkButton>
        </div>
      </Card>
    );
  }

  const saved = draft.data?.saved_at ? draft.data : null;
  return (
    <Card title={t('bikeCard.title')} id="theft">
      <p>{saved ? t('bikeCard.draftBody') : t('bikeCard.body')}</p>
      <div className={styles.actions}>
        {saved ? (
          <>
            <LinkButton href={paths.app.bikeReportStolenStep.getHref({ bikeId, step: resumeStep(saved) })}>
              {t('bikeCard.continue')}
            </LinkButton>
            <LinkButton href={paths.app.bikeReportStolen.getHref({ bikeId })} variant="secondary">
              {t('chooseBike.overview')}
            </LinkButton>
          </>
        ) : (
          <LinkButton href={paths.app.bikeReportStolen.getHref({ bikeId })} variant="danger">
            {t('bikeCard.report')}
          </LinkButton>
        )}
        <LinkButton href={paths.app.bikeStolenBikeReport.getHref({ bikeId })} variant="quiet">
          {t('bikeCard.history')}
        </LinkButton>
      </div>
    </Card>
  );
}
