import { isOpenPolicy, MAX_BIKES_PER_POLICY, type Policy } from '@nbr/domain/insurance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useBikes } from '../../../lib/api/bikes/get-bikes.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useAddBikeToPolicy, useSetNumberOfBikes } from '../api/hub-add-bike.ts';
import styles from '../hub.module.css';

/**
 * The holder's way to put another registered bike on an open policy: choose one of their bikes not
 * on it; when the policy is full, first make room for one more bike (the premium follows the
 * insurer's tariff). Someone without another bike is sent to register one.
 */
export function AddBikeCard({ policy }: { policy: Policy }) {
  const { t } = useTranslation(['insurance-hub', 'common']);
  const bikes = useBikes();
  const add = useAddBikeToPolicy(policy.id);
  const room = useSetNumberOfBikes(policy.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  if (!isOpenPolicy(policy.status)) return null;

  const onPolicy = new Set(policy.insured_items.map((item) => item.bike_id));
  const candidates = (bikes.data ?? []).filter((bike) => !onPolicy.has(bike.bike_id));
  const full = policy.insured_items.length >= policy.number_of_bikes;
  const selected = chosen ?? candidates[0]?.bike_id ?? null;

  const onAdd = async () => {
    if (!selected) return;
    setMessage(null);
    try {
      const updated = await add.mutateAsync(selected);
      const bike = candidates.find((candidate) => candidate.bike_id === selected);
      setChosen(null);
      setMessage({
        tone: 'success',
        text: t('addBike.added', { name: bike?.nickname ?? '', count: updated.insured_items.length }),
      });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  const onMakeRoom = async () => {
    setMessage(null);
    try {
      await room.mutateAsync(policy.number_of_bikes + 1);
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  return (
    <Card title={t('addBike.title')} id="add-bike">
      {bikes.isPending ? (
        <LoadingState />
      ) : candidates.length === 0 ? (
        <>
          <p>{t('addBike.noOtherBikes')}</p>
          <LinkButton variant="secondary" href={paths.app.registerBike.getHref()}>
            {t('addBike.register')}
          </LinkButton>
        </>
      ) : full ? (
        <>
          <p>{t('addBike.full', { count: policy.number_of_bikes })}</p>
          {policy.number_of_bikes < MAX_BIKES_PER_POLICY ? (
            <Button variant="secondary" isPending={room.isPending} onPress={() => void onMakeRoom()}>
              {t('addBike.makeRoom', { count: policy.number_of_bikes + 1 })}
            </Button>
          ) : (
            <p className={styles.muted}>{t('addBike.atMaximum', { maximum: MAX_BIKES_PER_POLICY })}</p>
          )}
        </>
      ) : (
        <>
          <p>{t('addBike.lead', { free: policy.number_of_bikes - policy.insured_items.length })}</p>
          <Select
            label={t('addBike.bike')}
            value={selected}
            onChange={setChosen}
            options={candidates.map((bike) => ({
              value: bike.bike_id,
              label: bike.frame_number ? `${bike.nickname} · ${bike.frame_number}` : bike.nickname,
            }))}
          />
          <div className={styles.actions}>
            <Button isPending={add.isPending} onPress={() => void onAdd()}>
              {t('addBike.add')}
            </Button>
          </div>
        </>
      )}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </Card>
  );
}
