import type { Bike } from '@nbr/domain/bikes';
import {
  missingTheftFields,
  nextTheftStep,
  THEFT_SECTIONS,
  type TheftReportDraft,
  type TheftSection,
} from '@nbr/domain/theft';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { errorMessage, issueField } from '../../../lib/api-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useSaveTheftDraft, useSubmitTheftReport, useTheftDraft } from '../api/theft-report.ts';
import { ReportConfirmed } from '../components/report-confirmed.tsx';
import { SectionList } from '../components/section-list.tsx';
import {
  AcknowledgementFields,
  BikeInfoFields,
  CulpritInfoFields,
  InsuranceFields,
  PersonalInfoFields,
  type StepFieldsProps,
  TimeLocationFields,
} from '../components/step-fields.tsx';
import {
  checkStep,
  draftToFormValues,
  type FieldProblems,
  formFieldOf,
  formToDraftInput,
  previewDraft,
  STEP_FORM_FIELDS,
  sectionOfField,
  type TheftFormField,
  type TheftFormValues,
} from '../lib/theft-form.ts';
import {
  clearLocalTheftDraft,
  mergeLocalDraft,
  readLocalTheftDraft,
  theftDraftKey,
  writeLocalTheftDraft,
} from '../lib/theft-local-draft.ts';
import {
  furthestUnlocked,
  isTheftSection,
  isTheftStep,
  isUnlocked,
  openSteps,
  previousSection,
  stepNumber,
  unlockAfter,
} from '../lib/theft-steps.ts';
import styles from '../theft.module.css';

const FIELDS: Record<TheftSection, (props: StepFieldsProps) => React.ReactNode> = {
  'personal-info': PersonalInfoFields,
  insurance: InsuranceFields,
  'bike-info': BikeInfoFields,
  'culprit-info': CulpritInfoFields,
  'time-location': TimeLocationFields,
  'send-report': AcknowledgementFields,
};

/** /app/my-bikes/{bikeId}/report-stolen/{step} — one step of the theft report (SPEC §2, §4). */
export function Component() {
  const { bikeId = '', step } = useParams();
  if (!isTheftStep(step)) throw new ApiError({ status: 404, code: 'not_found' });
  if (step === 'report-confirmed') return <ReportConfirmed bikeId={bikeId} />;
  return <WizardStep bikeId={bikeId} step={step} />;
}

function WizardStep({ bikeId, step }: { bikeId: string; step: TheftSection }) {
  const { t } = useTranslation(['theft', 'common']);
  const bike = useBike(bikeId);
  const draft = useTheftDraft(bikeId);

  // A bike already reported stolen has its report instead of a draft.
  if (isApiError(draft.error) && draft.error.code === 'bike_already_stolen')
    return <Navigate replace to={paths.app.bikeStolenBikeReport.getHref({ bikeId })} />;
  const failed = (bike.isError && !bike.data && bike.error) || (draft.isError && !draft.data && draft.error);
  if (failed)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t(`steps.${step}.title`)}
        error={failed}
        retry={() => void Promise.all([bike.refetch(), draft.refetch()])}
      />
    );
  if (!bike.data || !draft.data) return <LoadingState />;
  const open = openSteps(draft.data);
  if (!isUnlocked(step, open)) {
    return (
      <Navigate
        replace
        to={paths.app.bikeReportStolenStep.getHref({
          bikeId,
          step: furthestUnlocked(open),
        })}
      />
    );
  }
  return <StepForm key={step} bike={bike.data} draft={draft.data} step={step} />;
}

/** The missing fields of every section of a refused send, from the API's 422 (loc [section, field]). */
function missingFromIssues(error: unknown): Partial<Record<TheftSection, string[]>> | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const missing: Partial<Record<TheftSection, string[]>> = {};
  for (const issue of error.issues) {
    const loc = issue.loc.map(String).filter((part) => part !== 'body');
    const section = loc.find((part) => isTheftSection(part));
    const field = loc[loc.length - 1];
    if (!isTheftSection(section) || !field) continue;
    missing[section] = [...(missing[section] ?? []), field];
  }
  return Object.keys(missing).length ? missing : null;
}

function missingOfDraft(draft: TheftReportDraft): Partial<Record<TheftSection, string[]>> | null {
  const missing: Partial<Record<TheftSection, string[]>> = {};
  for (const section of THEFT_SECTIONS) {
    const fields = missingTheftFields(draft, section);
    if (fields.length) missing[section] = fields;
  }
  return Object.keys(missing).length ? missing : null;
}

function StepForm({ bike, draft, step }: { bike: Bike; draft: TheftReportDraft; step: TheftSection }) {
  const { t } = useTranslation(['theft', 'common']);
  const navigate = useNavigate();
  const { claims } = useSession();
  const save = useSaveTheftDraft(bike.bike_id);
  const submit = useSubmitTheftReport(bike.bike_id);
  const key = theftDraftKey(claims?.party_id ?? 'unknown', bike.bike_id);
  const savedValues = useMemo(() => draftToFormValues(draft), [draft]);
  const [initial] = useState(() => mergeLocalDraft(savedValues, draft.saved_at, readLocalTheftDraft(key)));
  const [restored, setRestored] = useState(initial.restored);
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [missing, setMissing] = useState<Partial<Record<TheftSection, string[]>> | null>(null);
  const [pending, setPending] = useState<'next' | 'save' | null>(null);
  const form = useForm<TheftFormValues>({ defaultValues: initial.values });
  const values = useWatch({ control: form.control }) as TheftFormValues;
  const isSend = step === 'send-report';

  // Everything typed is kept in this browser until the server has it.
  useEffect(() => {
    writeLocalTheftDraft(key, values, savedValues);
  }, [key, values, savedValues]);

  // A field's message goes once the person changes it.
  useEffect(() => {
    const subscription = form.watch((_value, { name }) => {
      if (name) form.clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const showProblems = (problems: FieldProblems) => {
    const entries = Object.entries(problems) as [TheftFormField, string][];
    for (const [field, code] of entries) form.setError(field, { type: 'check', message: code });
    const onlyMissing = entries.every(([, code]) => code === 'required' || code === 'must_accept');
    const onlyTerms = entries.every(([, code]) => code === 'must_accept');
    setSummary(
      onlyMissing
        ? {
            title: t('common:messages.missingSomething'),
            message: onlyTerms ? t('common:messages.confirmTerms') : t('common:messages.fillInAllFields'),
          }
        : { title: t('common:messages.somethingWrong'), message: t('common:errors.validation_failed') },
    );
  };

  /**
   * Puts the issues of a refused save beside their fields; a field of another step (typed there,
   * kept on this device, sent with this one) is named by its step, or the message would point nowhere.
   */
  const showSaveError = (error: unknown) => {
    let elsewhere: TheftSection | null = null;
    if (isApiError(error) && error.status === 422) {
      const own = new Set<string>(STEP_FORM_FIELDS[step]);
      for (const issue of error.issues) {
        const field = formFieldOf(issueField(issue.loc) ?? '');
        if (field && own.has(field))
          form.setError(field, { type: 'server', message: issue.type || issue.msg });
        else if (field) elsewhere ??= sectionOfField(field);
      }
    }
    const message = errorMessage(error, t);
    // Some messages end without a full stop ('Vennligst velg en dato i fortiden', as the SPEC words it).
    const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
    setSummary({
      title: t('common:messages.somethingWrong'),
      message: elsewhere
        ? `${sentence} ${t('step.fixOnStep', { step: t(`steps.${elsewhere}.title`) })}`
        : message,
    });
  };

  const discardLocal = () => {
    clearLocalTheftDraft(key);
    form.reset(savedValues);
    setRestored(false);
  };

  const run = async (kind: 'next' | 'save') => {
    setSummary(null);
    setMissing(null);
    form.clearErrors();
    const current = form.getValues();
    const problems = checkStep(current, step, draft, { requireComplete: kind === 'next' && !isSend });
    if (Object.keys(problems).length) {
      showProblems(problems);
      return;
    }
    const next = nextTheftStep(step);
    const goesOn = kind === 'next' && !isSend && isTheftSection(next);
    // A finished step opens the next one whether the person goes on or saves to finish later.
    const finished =
      !isSend && isTheftSection(next) && missingTheftFields(previewDraft(current, draft), step).length === 0;
    const input = formToDraftInput(current, {
      unlocked_steps: goesOn || finished ? unlockAfter(openSteps(draft), step) : openSteps(draft),
      previous_page: (goesOn || finished) && next ? next : step,
    });
    setPending(kind);
    try {
      let saved: TheftReportDraft;
      try {
        saved = await save.mutateAsync(input);
      } catch (error) {
        showSaveError(error);
        return;
      }
      clearLocalTheftDraft(key);
      form.reset(draftToFormValues(saved));
      if (kind === 'save') {
        await navigate(paths.app.bikeReportStolen.getHref({ bikeId: bike.bike_id }), {
          state: { saved: true },
        });
        return;
      }
      if (goesOn && next) {
        await navigate(paths.app.bikeReportStolenStep.getHref({ bikeId: bike.bike_id, step: next }));
        return;
      }
      // Sending: every section must be complete and the three acknowledgements given (SPEC §5).
      const stillMissing = missingOfDraft(saved);
      if (stillMissing) {
        setMissing(stillMissing);
        refuseSend(stillMissing);
        return;
      }
      try {
        await submit.mutateAsync();
      } catch (error) {
        const fromServer = missingFromIssues(error);
        if (fromServer) {
          setMissing(fromServer);
          refuseSend(fromServer);
        } else {
          setSummary({ title: t('common:messages.somethingWrong'), message: errorMessage(error, t) });
        }
        return;
      }
      await navigate(
        paths.app.bikeReportStolenStep.getHref({ bikeId: bike.bike_id, step: 'report-confirmed' }),
        {
          replace: true,
        },
      );
    } finally {
      setPending(null);
    }
  };

  const refuseSend = (bySection: Partial<Record<TheftSection, string[]>>) => {
    const sections = Object.keys(bySection) as TheftSection[];
    for (const field of bySection['send-report'] ?? []) {
      const formField = formFieldOf(field);
      if (formField) form.setError(formField, { type: 'check', message: 'must_accept' });
    }
    const onlyTerms = sections.length === 1 && sections[0] === 'send-report';
    setSummary({
      title: t('common:messages.missingSomething'),
      message: onlyTerms ? t('common:messages.confirmTerms') : t('common:messages.completeAllSteps'),
    });
  };

  const Fields = FIELDS[step];
  const back = previousSection(step);
  const overviewHref = paths.app.bikeReportStolen.getHref({ bikeId: bike.bike_id });

  return (
    <PageLayout title={t(`steps.${step}.title`)} lead={t('step.lead', { name: bike.nickname })} width="form">
      <p className={styles.stepCounter}>
        {t('step.counter', { number: stepNumber(step), count: THEFT_SECTIONS.length })}
        {' · '}
        <Link href={overviewHref}>{t('step.overview')}</Link>
      </p>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void run('next');
        }}
        aria-label={t(`steps.${step}.title`)}
      >
        <ErrorSummary title={summary?.title} message={summary?.message} />
        {restored ? (
          <Alert tone="info">
            <div className={styles.stack}>
              <p>{t('step.localRestored')}</p>
              <div>
                <Button variant="secondary" size="small" onPress={discardLocal}>
                  {t('step.discardLocal')}
                </Button>
              </div>
            </div>
          </Alert>
        ) : null}
        {isSend ? (
          <Card title={t('send.summaryTitle')} id="send-summary">
            <p className={styles.hint}>{t('send.summaryLead')}</p>
            <SectionList
              bikeId={bike.bike_id}
              draft={draft}
              current={step}
              missing={missing ?? undefined}
              labelledBy="send-summary-heading"
            />
          </Card>
        ) : null}
        <Card title={isSend ? t('send.acknowledgementsCardTitle') : undefined} id={`step-${step}`}>
          <p className={styles.hint}>{t(`steps.${step}.lead`)}</p>
          <Fields control={form.control} values={values} draft={draft} currency={bike.currency} />
        </Card>
        <FormActions>
          <Button type="submit" isPending={pending === 'next'} isDisabled={pending !== null}>
            {isSend ? t('send.submit') : t('step.next')}
          </Button>
          <Button
            variant="secondary"
            isPending={pending === 'save'}
            isDisabled={pending !== null}
            onPress={() => void run('save')}
          >
            {t('step.saveForLater')}
          </Button>
          {back ? (
            <LinkButton
              variant="quiet"
              href={paths.app.bikeReportStolenStep.getHref({ bikeId: bike.bike_id, step: back })}
            >
              {t('step.back')}
            </LinkButton>
          ) : null}
        </FormActions>
      </Form>
    </PageLayout>
  );
}
