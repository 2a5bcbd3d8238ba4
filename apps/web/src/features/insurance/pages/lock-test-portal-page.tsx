import { LOCK_TEST_STATUSES, type LockTest, LockTestRequestSchema } from '@nbr/domain/insurance-lock-tests';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { LOCK_TESTS_PAGE_SIZE, useLockTests, useRequestLockTest } from '../api/lock-tests.ts';
import { LockTestStatusBadge } from '../components/lock-test-status.tsx';
import styles from '../lock-tests.module.css';

type RequestForm = z.input<typeof LockTestRequestSchema>;

/** The insurer's form: ask the holder of a policy, by their address and the policy, for a lock test. */
function RequestLockTest({ insurerPartyId }: { insurerPartyId: string }) {
  const { t } = useTranslation(['lock-tests', 'common']);
  const request = useRequestLockTest(insurerPartyId);
  const navigate = useNavigate();
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const form = useZodForm(LockTestRequestSchema, {
    defaultValues: { email: '', policy_id: '' } satisfies RequestForm,
  });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      try {
        const created = await request.mutateAsync(values);
        await navigate(
          paths.insurance.lockTestResponse.getHref({ insurerPartyId, lockTestResponseId: created.id }),
        );
      } catch (error) {
        setSummary({
          title: t('request.failedTitle'),
          message: applyApiError(error, form.setError, t, ['email', 'policy_id']),
        });
      }
    },
    (errors) => setSummary(invalidMessage(errors)),
  );

  return (
    <Card title={t('request.title')} id="request">
      <p>{t('request.lead')}</p>
      <Form onSubmit={onSubmit} aria-labelledby="request-heading">
        <ErrorSummary title={summary?.title} message={summary?.message} />
        <FormTextField
          control={form.control}
          name="email"
          type="email"
          label={t('request.email')}
          description={t('request.emailHint')}
          autoComplete="off"
          isRequired
        />
        <FormTextField
          control={form.control}
          name="policy_id"
          label={t('request.policyId')}
          description={t('request.policyIdHint')}
          isRequired
        />
        <FormActions>
          <Button type="submit" isPending={request.isPending}>
            {t('request.submit')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

function LockTestList({
  lockTests,
  insurerPartyId,
  asInsurer,
}: {
  lockTests: readonly LockTest[];
  insurerPartyId: string;
  asInsurer: boolean;
}) {
  const { t, i18n } = useTranslation('lock-tests');
  return (
    <ul className={styles.list}>
      {lockTests.map((lockTest) => (
        <li key={lockTest.id} className={styles.item}>
          <Link
            href={paths.insurance.lockTestResponse.getHref({
              insurerPartyId,
              lockTestResponseId: lockTest.id,
            })}
          >
            {t('list.policy', {
              policy: lockTest.policy.insurer_policy_number ?? t('list.policyApplication'),
            })}
          </Link>
          <LockTestStatusBadge status={lockTest.status} />
          {asInsurer && lockTest.requested_email ? (
            <p className={`${styles.meta} ${styles.breakable}`}>{lockTest.requested_email}</p>
          ) : null}
          <p className={styles.meta}>
            {t('list.asked', { date: formatDate(lockTest.created_at, i18n.language) })}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * /insurance/{insurerPartyId}/lock-test-portal — for the insurer's staff: ask a holder for a lock
 * test and follow every request; for a holder: the lock tests the insurer asked of them.
 */
export function Component() {
  const { t } = useTranslation(['lock-tests', 'common']);
  const insurerPartyId = useParams().insurerPartyId ?? '';
  const { claims } = useSession();
  const asInsurer = claims?.organisation_type === 'insurance_company' && claims.party_id === insurerPartyId;
  const [status, setStatus] = useState<string>('all');
  const [page, setPage] = useState(1);
  const lockTests = useLockTests(
    insurerPartyId,
    status === 'all' ? undefined : (status as (typeof LOCK_TEST_STATUSES)[number]),
    page,
  );
  const insurerName = lockTests.data?.items[0]?.insurer.name;
  const pages = lockTests.data ? Math.max(1, Math.ceil(lockTests.data.total / LOCK_TESTS_PAGE_SIZE)) : 1;

  return (
    <PageLayout
      title={asInsurer ? t('portal.insurerTitle') : t('portal.holderTitle')}
      lead={
        asInsurer
          ? t('portal.insurerLead')
          : insurerName
            ? t('portal.holderLeadNamed', { insurer: insurerName })
            : t('portal.holderLead')
      }
      width="reading"
    >
      <div className={styles.stack}>
        {asInsurer ? <RequestLockTest insurerPartyId={insurerPartyId} /> : null}
        <Card title={asInsurer ? t('portal.requestsTitle') : t('portal.yoursTitle')} id="lock-tests">
          {asInsurer ? (
            <Select
              label={t('portal.filter')}
              value={status}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
              options={[
                { value: 'all', label: t('portal.filterAll') },
                ...LOCK_TEST_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
              ]}
            />
          ) : null}
          {lockTests.isPending ? (
            <LoadingState />
          ) : lockTests.isError ? (
            <LoadError
              title={t('portal.loadFailed')}
              error={lockTests.error}
              retry={() => void lockTests.refetch()}
            />
          ) : lockTests.data.items.length === 0 ? (
            <p>{asInsurer ? t('portal.insurerEmpty') : t('portal.holderEmpty')}</p>
          ) : (
            <LockTestList
              lockTests={lockTests.data.items}
              insurerPartyId={insurerPartyId}
              asInsurer={asInsurer}
            />
          )}
          {pages > 1 ? (
            <nav className={styles.pager} aria-label={t('portal.pages')}>
              <Button
                variant="secondary"
                size="small"
                isDisabled={page <= 1}
                onPress={() => setPage(page - 1)}
              >
                {t('portal.previous')}
              </Button>
              <span>{t('portal.page', { page, pages })}</span>
              <Button
                variant="secondary"
                size="small"
                isDisabled={page >= pages}
                onPress={() => setPage(page + 1)}
              >
                {t('portal.next')}
              </Button>
            </nav>
          ) : null}
        </Card>
      </div>
    </PageLayout>
  );
}
