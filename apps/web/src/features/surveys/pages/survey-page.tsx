import type { SurveyAnswerView } from '@nbr/domain/surveys';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/api-client.ts';
import { peekFlowReturn, takeFlowReturn } from '../../../lib/flow-return.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { ClosedNotice, SurveyFrame } from '../components/survey-frame.tsx';
import { firstUnfinishedStep, SURVEY_STEPS, stepDone, stepHref } from '../lib/steps.ts';
import { formatNumber, totalKm, totalMinutes } from '../lib/summary.ts';
import styles from '../surveys.module.css';

/*
 * /survey?id=… — where the invitation link or QR code lands: who runs the survey, its period, what
 * it asks and how the answers are used, then start or continue. Once the answer is finished it is
 * the thank-you, with the answer to read and change.
 */

function Invitation({ view, surveyId }: { view: SurveyAnswerView; surveyId: string }) {
  const { t } = useTranslation('survey');
  const { isLoggedIn } = useSession();
  const language = currentLanguage();
  const { survey, answer } = view;
  const organisation = survey.organisation_name ?? t('landing.unknownOrganisation');
  const next = firstUnfinishedStep(answer);
  const started = answer !== null;
  return (
    <PageLayout title={survey.title} lead={t('landing.runBy', { organisation })} width="form">
      <div className={styles.stack}>
        <Card title={t('landing.aboutTitle')}>
          <p>
            {t('landing.period', {
              from: formatDate(survey.opens_on, language),
              to: formatDate(survey.closes_on, language),
            })}
          </p>
          <p>{t('landing.asks')}</p>
          <ol className={styles.list}>
            {SURVEY_STEPS.map((step) => (
              <li key={step}>{t(`steps.${step}`)}</li>
            ))}
          </ol>
          <p>{t('landing.time')}</p>
        </Card>
        <Card title={t('landing.useTitle')}>
          <p>{t('landing.use', { organisation })}</p>
          <p>{t('landing.privacy')}</p>
          <p>{isLoggedIn ? t('landing.signedIn') : t('landing.visitor')}</p>
        </Card>
        {survey.open ? (
          <div className={styles.actions}>
            <LinkButton href={stepHref(next ?? 'addresses', surveyId)} fullWidth>
              {started ? t('landing.continue') : t('landing.start')}
            </LinkButton>
          </div>
        ) : (
          <ClosedNotice view={view} surveyId={null} />
        )}
      </div>
    </PageLayout>
  );
}

function ThankYou({ view, surveyId }: { view: SurveyAnswerView; surveyId: string }) {
  const { t } = useTranslation('survey');
  const language = currentLanguage();
  const { survey, answer } = view;
  if (!answer) return null;
  const organisation = survey.organisation_name ?? t('landing.unknownOrganisation');
  const workplace = survey.workplaces.find((entry) => entry.id === answer.workplace_id);
  const legs = answer.legs ?? [];
  const days = answer.days ?? [];
  // A campaign's step sent the person to answer (issue 29 §2): the way back to it.
  const flowStep = peekFlowReturn('answer_survey');
  return (
    <PageLayout title={t('thanks.title')} lead={t('thanks.lead', { organisation })} width="form">
      <div className={styles.stack}>
        <Alert tone="success" title={t('thanks.saved')} announce="none">
          <p>{t('thanks.body', { title: survey.title })}</p>
        </Alert>
        <Card title={t('thanks.summaryTitle')}>
          <dl className={styles.facts}>
            <div>
              <dt>{t('addresses.home')}</dt>
              <dd>{answer.home_postcode}</dd>
            </div>
            <div>
              <dt>{t('addresses.work')}</dt>
              <dd>{answer.work_postcode}</dd>
            </div>
            {workplace ? (
              <div>
                <dt>{t('addresses.workplace')}</dt>
                <dd>{workplace.name}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('thanks.days')}</dt>
              <dd>
                {days.length === 0 ? t('days.none') : days.map((day) => t(`days.weekdays.${day}`)).join(', ')}
              </dd>
            </div>
            <div>
              <dt>{t('thanks.trip')}</dt>
              <dd>
                <ul className={styles.plainList}>
                  {legs.map((leg, index) => (
                    // Legs have no id of their own; their order is what they are.
                    // biome-ignore lint/suspicious/noArrayIndexKey: a leg is its place in the trip
                    <li key={index}>
                      {t('thanks.leg', {
                        mode: t(`travel.modes.${leg.mode}`),
                        km: formatNumber(leg.distance_km, language),
                        minutes: leg.minutes,
                      })}
                    </li>
                  ))}
                </ul>
                {legs.length > 1 ? (
                  <p>
                    {t('thanks.total', {
                      km: formatNumber(totalKm(legs), language),
                      minutes: totalMinutes(legs),
                    })}
                  </p>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>{t('travel.moreTitle')}</dt>
              <dd>
                {[
                  answer.would_cycle_more_with_parking ? t('travel.parking') : null,
                  answer.would_cycle_more_with_dock ? t('travel.dock') : null,
                ]
                  .filter(Boolean)
                  .join(', ') || t('thanks.neither')}
              </dd>
            </div>
          </dl>
        </Card>
        {flowStep ? (
          <div className={styles.actions}>
            <LinkButton href={flowStep} onPress={() => takeFlowReturn('answer_survey')}>
              {t('thanks.continueFlow')}
            </LinkButton>
          </div>
        ) : null}
        {survey.open ? (
          <div className={styles.actions}>
            {SURVEY_STEPS.filter((step) => stepDone(answer, step)).map((step) => (
              <LinkButton key={step} variant="secondary" href={stepHref(step, surveyId)}>
                {t(`thanks.change.${step}`)}
              </LinkButton>
            ))}
          </div>
        ) : null}
      </div>
    </PageLayout>
  );
}

export function Component() {
  return (
    <SurveyFrame step={null}>
      {(view, surveyId) =>
        view.answer?.finished_at ? (
          <ThankYou view={view} surveyId={surveyId} />
        ) : (
          <Invitation view={view} surveyId={surveyId} />
        )
      }
    </SurveyFrame>
  );
}
