import type { TheftReport } from '@nbr/domain/theft';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { externalHref } from '../../../config/paths.ts';
import { useRegion } from '../../../lib/region.ts';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { type PoliceBikeFacts, policeDetailLines } from '../lib/police-details.ts';
import styles from '../theft.module.css';
import { formatMoment } from './theft-report-details.tsx';

/**
 * The police take bike thefts online (politi.dk, politiet.no); the register sends them nothing.
 * The way there, and the report's facts their form asks for, ready to copy (the PDF stays beside
 * it, on the receipt and the report page).
 */
export function PoliceReportCard({ report, bike = {} }: { report: TheftReport; bike?: PoliceBikeFacts }) {
  const { t, i18n } = useTranslation(['theft', 'common']);
  const { region } = useRegion();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const details = policeDetailLines(report, bike, t, (value) => formatMoment(value, i18n.language)).join(
    '\n',
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(details);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const otherRegion = region === 'dk' ? 'no' : 'dk';

  return (
    <Card title={t('police.title')} id="police-report">
      <p>{t('police.body')}</p>
      <div className={styles.actions}>
        <LinkButton href={externalHref('policeReport', region)} target="_blank" rel="noopener noreferrer">
          {t(`police.open.${region}`)}
          <span className="visually-hidden"> {t('common:shell.opensInNewTab')}</span>
        </LinkButton>
      </div>
      <p className={styles.muted}>
        {t(`police.other.${otherRegion}`)}{' '}
        <Link href={externalHref('policeReport', otherRegion)} external>
          {t(`police.site.${otherRegion}`)}
        </Link>
      </p>
      <label htmlFor={`${id}-details`}>{t('police.detailsLabel')}</label>
      <textarea
        id={`${id}-details`}
        className={styles.policeDetails}
        readOnly
        value={details}
        rows={details.split('\n').length}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className={styles.actions}>
        <Button variant="secondary" size="small" onPress={() => void copy()}>
          {t('police.copy')}
        </Button>
        <span role="status">
          {copied === 'yes' ? t('police.copied') : copied === 'failed' ? t('police.copyFailed') : ''}
        </span>
      </div>
    </Card>
  );
}
