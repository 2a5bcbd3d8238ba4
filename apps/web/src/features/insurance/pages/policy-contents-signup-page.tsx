import { isOpenPolicy, type Policy } from '@nbr/domain/insurance';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePolicies } from '../../../lib/api/insurance/get-policies.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useOnboardingDraft } from '../api/onboarding-get-draft.ts';
import { useApplyForPolicy } from '../api/policies-apply.ts';
import { useLinkPreRegistration } from '../api/policies-link-pre-registration.ts';
import styles from './signup.module.css';
import { PolicyFacts } from './signup-shared.tsx';

/**
 * /insurance/{insurerPartyId}/policy/contents-signup?policy= — where the 400 pre_registered_policy of
 * SPEC §8 sends someone the insurer already has as its contents (indbo) customer: instead of buying a
 * bike-theft policy, they confirm, the register applies for the bike add-on to their contents policy
 * (with the bikes of their sign-up) and links it to the insurer's policy, which makes it active.
 */
export function Component() {
  const { insurerPartyId = '' } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation(['insurance', 'common']);
  const policies = usePolicies();
  const draft = useOnboardingDraft();
  const apply = useApplyForPolicy();
  const link = useLinkPreRegistration();
  const [insurerPolicyId, setInsurerPolicyId] = useState(search.get('policy') ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [linked, setLinked] = useState<Policy | null>(null);

  if (!policies.data || !draft.data) return <LoadingState />;

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!insurerPolicyId.trim()) {
      setProblem('required');
      return;
    }
    setProblem(null);
    try {
      // An open contents application at this insurer not linked yet, else a new one with the sign-up's bikes.
      const open = policies.data?.find(
        (policy) =>
          policy.insurer.party_id === insurerPartyId &&
          policy.coverage === 'contents_addon' &&
          policy.insurer_policy_number === null &&
          isOpenPolicy(policy.status),
      );
      const fromDraft = draft.data?.insurer_party_id === insurerPartyId ? draft.data : null;
      const policy =
        open ??
        (await apply.mutateAsync({
          insurer_party_id: insurerPartyId,
          coverage: 'contents_addon',
          number_of_bikes: fromDraft?.number_of_bikes ?? Math.max(fromDraft?.bike_ids.length ?? 0, 1),
          bike_ids: fromDraft?.bike_ids ?? [],
        }));
      setLinked(
        await link.mutateAsync({
          insurerPartyId,
          insurerPolicyId: insurerPolicyId.trim(),
          policyId: policy.id,
        }),
      );
    } catch {
      // Shown below from the mutation's error.
    }
  };

  if (linked)
    return (
      <PageLayout title={t('contents.doneTitle')} width="form">
        <div className={styles.stack}>
          <Alert tone="success" title={t('contents.doneAlert', { insurer: linked.insurer.name })}>
            <p>{t('contents.doneText')}</p>
          </Alert>
          <PolicyFacts policy={linked} />
          <LinkButton href={paths.insurance.policyDetail.getHref({ insurerPartyId, policyId: linked.id })}>
            {t('home.openPolicy')}
          </LinkButton>
        </div>
      </PageLayout>
    );

  const failure = link.error ?? apply.error;
  return (
    <PageLayout title={t('contents.title')} lead={t('contents.lead')} width="form">
      <Form onSubmit={(event) => void confirm(event)} aria-label={t('contents.title')}>
        <ErrorSummary message={failure ? errorMessage(failure, t) : null} />
        <p>{t('contents.explain')}</p>
        <TextField
          label={t('contents.insurerPolicyId')}
          description={t('contents.insurerPolicyIdHelp')}
          value={insurerPolicyId}
          onChange={setInsurerPolicyId}
          error={problem}
        />
        <FormActions>
          <Button type="submit" isPending={apply.isPending || link.isPending}>
            {t('contents.confirm')}
          </Button>
          <LinkButton variant="secondary" href={paths.insurance.home.getHref()}>
            {t('common:actions.cancel')}
          </LinkButton>
        </FormActions>
      </Form>
    </PageLayout>
  );
}
