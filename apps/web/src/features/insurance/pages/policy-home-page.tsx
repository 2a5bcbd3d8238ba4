import type { InsuranceOffer, OnboardingDraft } from '@nbr/domain/insurance-signup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { usePolicies } from '../../../lib/api/insurance/get-policies.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useRegion } from '../../../lib/region.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useWithdrawOnboardingConsents } from '../api/onboarding-delete-draft.ts';
import { useOnboardingDraft } from '../api/onboarding-get-draft.ts';
import { useInsuranceOffers } from '../api/onboarding-get-offers.ts';
import styles from './signup.module.css';
import { PolicyFacts } from './signup-shared.tsx';

/** The insurers of the region with the covers each offers now. */
function byInsurer(
  offers: readonly InsuranceOffer[],
): Array<{ partyId: string; name: string; offers: InsuranceOffer[] }> {
  const insurers = new Map<string, { partyId: string; name: string; offers: InsuranceOffer[] }>();
  for (const offer of offers) {
    const entry = insurers.get(offer.insurer.party_id) ?? {
      partyId: offer.insurer.party_id,
      name: offer.insurer.name,
      offers: [],
    };
    entry.offers.push(offer);
    insurers.set(offer.insurer.party_id, entry);
  }
  return [...insurers.values()];
}

const CONSENTS = [
  ['acknowledgement_privacy', 'privacy'],
  ['acknowledgement_data_share', 'data_share'],
  ['acknowledgement_ownership_transfer', 'ownership_transfer'],
] as const;

/**
 * The consents given in the sign-up in progress, and withdrawing them (insurance.md §6: as easy as
 * giving them), which throws the draft away; the API logs each as revoked.
 */
function OnboardingConsents({ draft, onWithdrawn }: { draft: OnboardingDraft; onWithdrawn: () => void }) {
  const { t } = useTranslation(['insurance', 'common']);
  const withdraw = useWithdrawOnboardingConsents();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const given = CONSENTS.filter(([field]) => draft[field] === true);

  const submit = async () => {
    setError(null);
    try {
      await withdraw.mutateAsync();
      onWithdrawn();
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };

  return (
    <Card title={t('home.consentsTitle')} id="onboarding-consents">
      {given.length === 0 ? (
        <p>{t('home.consentsNone')}</p>
      ) : (
        <>
          <p>{t('home.consentsText')}</p>
          <ul>
            {given.map(([, key]) => (
              <li key={key}>{t(`home.consent.${key}`)}</li>
            ))}
          </ul>
        </>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {confirming ? (
        <>
          <Alert tone="warning">{t('home.consentsConfirm')}</Alert>
          <div className={styles.actions}>
            <Button variant="danger" isPending={withdraw.isPending} onPress={() => void submit()}>
              {t('home.consentsConfirmButton')}
            </Button>
            <Button variant="secondary" onPress={() => setConfirming(false)}>
              {t('home.consentsCancel')}
            </Button>
          </div>
        </>
      ) : given.length > 0 ? (
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => setConfirming(true)}>
            {t('home.consentsWithdraw')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** /insurance — the person's policies with their status, and the insurers' covers to start with. */
export function Component() {
  const { t, i18n } = useTranslation(['insurance', 'common']);
  const { region } = useRegion();
  const policies = usePolicies();
  const offers = useInsuranceOffers(region);
  const draft = useOnboardingDraft();
  const [withdrawn, setWithdrawn] = useState(false);
  return (
    <PageLayout title={t('home.title')} lead={t('home.lead')}>
      <div className={styles.stack}>
        {withdrawn ? <Alert tone="success">{t('home.consentsWithdrawn')}</Alert> : null}
        <Card title={t('home.yourPolicies')}>
          {policies.isError ? (
            <LoadError title={t('loadFailed')} error={policies.error} retry={() => void policies.refetch()} />
          ) : !policies.data ? (
            <LoadingState />
          ) : policies.data.length === 0 ? (
            <p>{t('home.noPolicies')}</p>
          ) : (
            <ul className={styles.list}>
              {policies.data.map((policy) => (
                <li key={policy.id}>
                  <Card id={`policy-${policy.id}`} title={t(`covers.${policy.coverage}`)} headingLevel={3}>
                    <PolicyFacts policy={policy} />
                    <Link
                      href={paths.insurance.policyDetail.getHref({
                        insurerPartyId: policy.insurer.party_id,
                        policyId: policy.id,
                      })}
                    >
                      {t('home.openPolicy')}
                    </Link>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {draft.data?.saved_at ? (
          <Card title={t('home.draftTitle')}>
            <p>{t('home.draftText')}</p>
            <LinkButton href={paths.insurance.onboarding.getHref()}>{t('home.continueDraft')}</LinkButton>
          </Card>
        ) : null}
        {draft.data?.saved_at ? (
          <OnboardingConsents draft={draft.data} onWithdrawn={() => setWithdrawn(true)} />
        ) : null}
        <Card title={t('home.startTitle')}>
          <p>
            {t('home.startText')}{' '}
            <Link href={paths.insuranceSignup.benefit.getHref()}>{t('home.benefitLink')}</Link>
          </p>
          {offers.isError ? (
            <LoadError title={t('loadFailed')} error={offers.error} retry={() => void offers.refetch()} />
          ) : !offers.data ? (
            <LoadingState />
          ) : offers.data.length === 0 ? (
            <p>{t('offers.none')}</p>
          ) : (
            <ul className={styles.list}>
              {byInsurer(offers.data).map((insurer) => (
                <li key={insurer.partyId}>
                  <Card title={insurer.name} headingLevel={3}>
                    <ul>
                      {insurer.offers.map((offer) => (
                        <li key={offer.id}>
                          {(offer.names as Record<string, string>)[i18n.language] ?? offer.names.da}
                        </li>
                      ))}
                    </ul>
                    <div className={styles.actions}>
                      <LinkButton
                        href={paths.insuranceSignup.enrolment.getHref({ insurer: insurer.partyId })}
                      >
                        {t('home.signUpAt', { insurer: insurer.name })}
                      </LinkButton>
                      <Link href={paths.insurance.policy.getHref({ insurerPartyId: insurer.partyId })}>
                        {t('home.yourPoliciesAt', { insurer: insurer.name })}
                      </Link>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link href={paths.insurance.onboarding.getHref()}>{t('home.wizard')}</Link>
          </p>
        </Card>
      </div>
    </PageLayout>
  );
}
