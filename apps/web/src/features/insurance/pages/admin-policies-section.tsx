import { POLICY_STATUSES, type Policy, type PolicyStatus } from '@nbr/domain/insurance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { Select } from '../../../ui/select.tsx';
import tables from '../../../ui/table.module.css';
import { TextField } from '../../../ui/text-field.tsx';
import {
  ADMIN_POLICIES_PAGE_SIZE,
  type AdminDecision,
  useAdminPolicies,
  useDecidePolicy,
} from '../api/admin-policies.ts';
import styles from './admin.module.css';

type DecisionKind = AdminDecision['kind'];

/** The form of one decision on one policy: the policy number to accept, or the reason to reject or cancel. */
function DecisionForm({
  insurerPartyId,
  policy,
  kind,
  onDone,
}: {
  insurerPartyId: string;
  policy: Policy;
  kind: DecisionKind;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(['insurer-admin', 'common']);
  const decide = useDecidePolicy(insurerPartyId);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const holder = policy.holder?.name ?? policy.holder?.email ?? '';

  const submit = async () => {
    setError(null);
    const decision: AdminDecision =
      kind === 'accept'
        ? { kind, body: { insurer_policy_number: value } }
        : { kind, body: { reason: value } };
    try {
      await decide.mutateAsync({ policyId: policy.id, decision });
      onDone(t(`policies.done.${kind}`, { holder }));
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };

  return (
    <form
      className={styles.decision}
      aria-label={t(`policies.formTitle.${kind}`, { holder })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={kind === 'accept' ? t('policies.policyNumber') : t('policies.reason')}
        description={kind === 'accept' ? t('policies.policyNumberHelp') : t('policies.reasonHelp')}
        value={value}
        onChange={setValue}
        error={error}
        autoFocus
      />
      <div className={styles.actions}>
        <Button type="submit" isPending={decide.isPending} variant={kind === 'accept' ? 'primary' : 'danger'}>
          {t(`policies.confirm.${kind}`)}
        </Button>
      </div>
    </form>
  );
}

/** The insurer's policies: filter by status, search, page, and decide on each. */
export function PoliciesSection({ insurerPartyId }: { insurerPartyId: string }) {
  const { t, i18n } = useTranslation(['insurer-admin', 'common']);
  const [status, setStatus] = useState<PolicyStatus | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ policyId: string; kind: DecisionKind } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const query = useAdminPolicies(insurerPartyId, { status, q: search, page });
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / ADMIN_POLICIES_PAGE_SIZE)) : 1;

  const statusOptions = [
    { value: 'all', label: t('policies.allStatuses') },
    ...POLICY_STATUSES.map((value) => ({ value, label: t(`policies.status.${value}`) })),
  ];

  return (
    <Card title={t('policies.title')} id="policies">
      <div className={styles.filters}>
        <Select
          label={t('policies.statusFilter')}
          options={statusOptions}
          value={status ?? 'all'}
          onChange={(value) => {
            setStatus(value === 'all' ? null : (value as PolicyStatus));
            setPage(1);
          }}
        />
        <TextField
          type="search"
          label={t('policies.search')}
          description={t('policies.searchHelp')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </div>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {query.isError ? <Alert tone="error">{errorMessage(query.error, t)}</Alert> : null}
      {query.data && query.data.items.length === 0 ? <p>{t('policies.none')}</p> : null}
      {query.data && query.data.items.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.stacked} ${tables.stackedOnPhone}`}>
            <caption>{t('policies.caption', { count: query.data.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('policies.holder')}</th>
                <th scope="col">{t('policies.statusColumn')}</th>
                <th scope="col">{t('policies.number')}</th>
                <th scope="col">{t('policies.bikes')}</th>
                <th scope="col" className={styles.number}>
                  {t('policies.premium')}
                </th>
                <th scope="col">{t('policies.applied')}</th>
                <th scope="col">{t('policies.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((policy) => {
                const holder = policy.holder?.name ?? policy.holder?.email ?? '–';
                const kinds: DecisionKind[] =
                  policy.status === 'application'
                    ? ['accept', 'reject']
                    : policy.status === 'active'
                      ? ['cancel']
                      : [];
                return (
                  <tr key={policy.id}>
                    <td data-label={t('policies.holder')}>
                      {policy.holder?.name ?? '–'}
                      <br />
                      <span className={`${styles.muted} ${styles.address}`}>{policy.holder?.email}</span>
                    </td>
                    <td data-label={t('policies.statusColumn')}>{t(`policies.status.${policy.status}`)}</td>
                    <td data-label={t('policies.number')}>{policy.insurer_policy_number ?? '–'}</td>
                    <td data-label={t('policies.bikes')}>
                      {policy.insured_items.length === 0
                        ? t('policies.noBikes', { count: policy.number_of_bikes })
                        : policy.insured_items.map((item) => (
                            <div key={item.id}>
                              <Link
                                href={paths.insurance.adminPolicyBike.getHref({
                                  insurerPartyId,
                                  policyId: policy.id,
                                  bikeId: item.bike_id,
                                })}
                              >
                                {[item.bike.brand, item.bike.model].filter(Boolean).join(' ') ||
                                  item.bike.nickname}
                              </Link>
                            </div>
                          ))}
                    </td>
                    <td className={styles.number} data-label={t('policies.premium')}>
                      {formatMoney(
                        policy.annual_premium.amount_minor,
                        policy.annual_premium.currency,
                        i18n.language,
                      )}
                    </td>
                    <td data-label={t('policies.applied')}>{formatDate(policy.created_at, i18n.language)}</td>
                    <td data-label={t('policies.actions')}>
                      <div className={styles.actions}>
                        {kinds.map((kind) => (
                          <Button
                            key={kind}
                            size="small"
                            variant={kind === 'accept' ? 'primary' : 'secondary'}
                            aria-label={t(`policies.formTitle.${kind}`, { holder })}
                            onPress={() => {
                              setDone(null);
                              setOpen({ policyId: policy.id, kind });
                            }}
                          >
                            {t(`policies.decide.${kind}`)}
                          </Button>
                        ))}
                      </div>
                      {open?.policyId === policy.id ? (
                        <DecisionForm
                          key={open.kind}
                          insurerPartyId={insurerPartyId}
                          policy={policy}
                          kind={open.kind}
                          onDone={(message) => {
                            setOpen(null);
                            setDone(message);
                          }}
                        />
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <div className={styles.actions}>
          <Button variant="secondary" size="small" isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
            {t('policies.previous')}
          </Button>
          <span>{t('policies.page', { page, pages })}</span>
          <Button
            variant="secondary"
            size="small"
            isDisabled={page >= pages}
            onPress={() => setPage(page + 1)}
          >
            {t('policies.next')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
