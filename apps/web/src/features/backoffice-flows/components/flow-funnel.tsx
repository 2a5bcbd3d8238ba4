import type { FlowFunnel, StaffFlow } from '@nbr/domain/flows';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { Card } from '../../../ui/card.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useFlowFunnel } from '../api/get-flow-funnel.ts';
import styles from '../backoffice-flows.module.css';

/**
 * How far the walks of a published version came: begun, each step reached (a count and its share of
 * those begun, drawn as a bar beside the numbers) and finished. One version at a time: the running one
 * first, else the newest.
 */
export function FlowFunnelCard({ flow }: { flow: StaffFlow }) {
  const { t } = useTranslation('backoffice-flows');
  const first = flow.published_version ?? flow.versions[0]?.version ?? null;
  const [chosen, setChosen] = useState<number | null>(null);
  const version = chosen ?? first;
  return (
    <Card title={t('funnel.title')} id="funnel">
      {version === null ? (
        <p>{t('funnel.noVersions')}</p>
      ) : (
        <>
          <Select
            label={t('funnel.version')}
            options={flow.versions.map((entry) => ({
              value: String(entry.version),
              label: t('publish.version', { version: entry.version }),
            }))}
            value={String(version)}
            onChange={(value) => setChosen(Number(value))}
          />
          <FunnelFigures memo={flow.memo} version={version} />
        </>
      )}
    </Card>
  );
}

function FunnelFigures({ memo, version }: { memo: string; version: number }) {
  const { t } = useTranslation('backoffice-flows');
  const funnel = useFlowFunnel(memo, version);
  if (funnel.isPending) return <LoadingState />;
  if (funnel.isError) {
    return (
      <LoadError title={t('funnel.loadFailed')} error={funnel.error} retry={() => void funnel.refetch()} />
    );
  }
  return <FunnelBars funnel={funnel.data} />;
}

/** Each row's share of the walks begun, in whole per cent (0 when none began). */
export function share(count: number, started: number): number {
  return started > 0 ? Math.round((count / started) * 100) : 0;
}

function FunnelBars({ funnel }: { funnel: FlowFunnel }) {
  const { t } = useTranslation('backoffice-flows');
  const rows = [
    { key: 'started', label: t('funnel.started'), count: funnel.started },
    ...funnel.steps.map((step, index) => ({
      key: `step-${step.memo}`,
      label: t('funnel.step', { number: index + 1, title: step.title }),
      count: step.reached,
    })),
    { key: 'finished', label: t('funnel.finished'), count: funnel.finished },
  ];
  return (
    <div>
      {funnel.started === 0 ? <p>{t('funnel.noWalks')}</p> : null}
      <ol className={styles.funnel} aria-label={t('funnel.listLabel', { version: funnel.version })}>
        {rows.map((row) => {
          const percent = share(row.count, funnel.started);
          return (
            <li key={row.key} className={styles.funnelRow}>
              <span className={styles.funnelLabel}>{row.label}</span>
              <span className={styles.funnelNumbers}>
                {t('funnel.count', { reached: row.count, percent })}
              </span>
              <span className={styles.funnelTrack} aria-hidden="true">
                <span className={styles.funnelBar} style={{ width: `${percent}%` }} />
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
