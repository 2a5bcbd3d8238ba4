import type { SharedTheftReport } from '@nbr/domain/insurance-admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage, validationKey } from '../../../lib/api-errors.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { usePayClaim } from '../api/admin-payout.ts';
import { useUploadPreRegistrations } from '../api/admin-pre-registrations.ts';
import { useAdminTheftReports } from '../api/admin-theft-reports.ts';
import styles from './admin.module.css';

/** One problem of an upload, by line and column as the API names it ([body, csv, line, column]). */
interface RowProblem {
  line: number | null;
  column: string | null;
  type: string;
}

/**
 * The upload of the insurer's existing contents customers (issue 16 §1): a CSV file with the
 * columns insurer_policy_id, holder_email and holder_name. Every bad row is listed by line; nothing
 * is stored until the whole file is right.
 */
export function PreRegistrationUpload({ insurerPartyId }: { insurerPartyId: string }) {
  const { t } = useTranslation(['insurer-admin', 'common']);
  const inputId = useId();
  const upload = useUploadPreRegistrations(insurerPartyId);
  const [file, setFile] = useState<File | null>(null);
  const [stored, setStored] = useState<number | null>(null);
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStored(null);
    setProblems([]);
    setError(null);
    if (!file) {
      setError(t('upload.chooseFile'));
      return;
    }
    try {
      const result = await upload.mutateAsync(await file.text());
      setStored(result.stored);
    } catch (failure) {
      if (
        isApiError(failure) &&
        failure.status === 422 &&
        failure.issues.some((issue) => issue.loc[1] === 'csv')
      ) {
        setProblems(
          failure.issues.map((issue) => ({
            line: typeof issue.loc[2] === 'number' ? issue.loc[2] : null,
            column: typeof issue.loc[3] === 'string' ? issue.loc[3] : null,
            type: issue.type,
          })),
        );
      } else {
        setError(errorMessage(failure, t));
      }
    }
  };

  return (
    <Card title={t('upload.title')} id="pre-registrations">
      <p>{t('upload.body')}</p>
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId}>{t('upload.file')}</label>
        <br />
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
        <div className={styles.actions}>
          <Button type="submit" isPending={upload.isPending}>
            {t('upload.submit')}
          </Button>
        </div>
      </form>
      {stored !== null ? <Alert tone="success">{t('upload.stored', { count: stored })}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {problems.length > 0 ? (
        <Alert tone="error" title={t('upload.problemsTitle', { count: problems.length })}>
          <ul className={styles.issues}>
            {problems.map((problem) => (
              <li key={`${problem.line}-${problem.column}-${problem.type}`}>
                {problem.line === null
                  ? t(`common:${validationKey(problem.type)}`)
                  : t('upload.problem', {
                      line: problem.line,
                      column: problem.column ?? '–',
                      problem: t(`common:${validationKey(problem.type)}`),
                    })}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </Card>
  );
}

/** Marking one claim paid: the amount in whole kroner. */
function PayoutForm({ insurerPartyId, report }: { insurerPartyId: string; report: SharedTheftReport }) {
  const { t } = useTranslation(['insurer-admin', 'common']);
  const pay = usePayClaim(insurerPartyId);
  const [amount, setAmount] = useState(report.bike_price === null ? '' : String(report.bike_price));
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const kroner = Number(amount.replace(/\s/g, '').replace(',', '.'));
    if (!amount.trim() || !Number.isFinite(kroner) || kroner < 0) {
      setError('invalid_price');
      return;
    }
    try {
      await pay.mutateAsync({
        policyId: report.policy_id,
        bikeId: report.bike_id,
        amountMinor: Math.round(kroner * 100),
      });
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };

  return (
    <form
      className={styles.decision}
      aria-label={t('theft.payTitle', { bike: report.bike.nickname })}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label={t('theft.amount')}
        description={
          report.acknowledgement_ownership_transfer ? t('theft.transferHelp') : t('theft.noTransferHelp')
        }
        inputMode="decimal"
        value={amount}
        onChange={setAmount}
        error={error}
      />
      <div className={styles.actions}>
        <Button type="submit" isPending={pay.isPending}>
          {t('theft.pay')}
        </Button>
      </div>
    </form>
  );
}

/** The theft reports of insured bikes whose owners let them be shared with the insurer. */
export function SharedTheftReports({ insurerPartyId }: { insurerPartyId: string }) {
  const { t, i18n } = useTranslation(['insurer-admin', 'common']);
  const query = useAdminTheftReports(insurerPartyId);
  const [paying, setPaying] = useState<string | null>(null);

  return (
    <Card title={t('theft.title')} id="theft-reports">
      <p className={styles.muted}>{t('theft.consent')}</p>
      {query.isError ? <Alert tone="error">{errorMessage(query.error, t)}</Alert> : null}
      {query.data && query.data.length === 0 ? <p>{t('theft.none')}</p> : null}
      {query.data && query.data.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>{t('theft.caption', { count: query.data.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('theft.bike')}</th>
                <th scope="col">{t('theft.holder')}</th>
                <th scope="col">{t('theft.reported')}</th>
                <th scope="col">{t('theft.place')}</th>
                <th scope="col">{t('theft.state')}</th>
                <th scope="col">{t('theft.claim')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((report) => (
                <tr key={report.id}>
                  <td>
                    <Link
                      href={paths.insurance.adminPolicyBike.getHref({
                        insurerPartyId,
                        policyId: report.policy_id,
                        bikeId: report.bike_id,
                      })}
                    >
                      {[report.bike.brand, report.bike.model].filter(Boolean).join(' ') ||
                        report.bike.nickname}
                    </Link>
                    <br />
                    <span className={styles.muted}>{report.bike.frame_number ?? ''}</span>
                  </td>
                  <td>
                    {report.holder_name ?? '–'}
                    <br />
                    <span className={styles.muted}>{report.insurer_policy_number ?? ''}</span>
                  </td>
                  <td>{report.submitted_at ? formatDate(report.submitted_at, i18n.language) : '–'}</td>
                  <td>{report.place ?? '–'}</td>
                  <td>
                    {report.status === 'submitted'
                      ? t('theft.stolen')
                      : report.closed_reason === 'found'
                        ? t('theft.found')
                        : t('theft.closed')}
                  </td>
                  <td>
                    {report.payout ? (
                      <>
                        {t('theft.paid', {
                          amount: formatMoney(
                            report.payout.amount.amount_minor,
                            report.payout.amount.currency,
                            i18n.language,
                          ),
                          date: formatDate(report.payout.paid_at, i18n.language),
                        })}
                        {report.payout.registration_transferred ? (
                          <>
                            <br />
                            <span className={styles.muted}>{t('theft.transferred')}</span>
                          </>
                        ) : null}
                      </>
                    ) : report.status === 'submitted' ? (
                      paying === report.id ? (
                        <PayoutForm insurerPartyId={insurerPartyId} report={report} />
                      ) : (
                        <Button
                          size="small"
                          variant="secondary"
                          aria-label={t('theft.payTitle', { bike: report.bike.nickname })}
                          onPress={() => setPaying(report.id)}
                        >
                          {t('theft.markPaid')}
                        </Button>
                      )
                    ) : (
                      '–'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Card>
  );
}
