import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useOnboardingDraft } from '../api/onboarding-get-draft.ts';
import { furthest } from './signup-shared.tsx';

/** /insurance/onboarding — the furthest step the draft has reached. */
export function Component() {
  const { t } = useTranslation('insurance');
  const draft = useOnboardingDraft();
  if (draft.isError && !draft.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('onboarding.title')}
        error={draft.error}
        retry={() => void draft.refetch()}
      />
    );
  if (!draft.data) return <LoadingState />;
  const step = furthest(draft.data);
  return <Navigate replace to={paths.insurance.onboardingStep.getHref({ step })} />;
}
