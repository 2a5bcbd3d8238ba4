import type { Equipment } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import styles from '../bikes.module.css';

/** One line per fact of an item, only those stated. */
export function useEquipmentFacts() {
  const { t, i18n } = useTranslation('bikes');
  return (item: Equipment): [string, string][] => {
    const facts: [string, string][] = [];
    const add = (label: string, value: string | null | undefined) => {
      if (value) facts.push([label, value]);
    };
    if (item.item_type_memo === 'battery') {
      add(t('equipment.serialNumbers'), item.serial_numbers.join(', '));
    }
    if (item.item_type_memo === 'lock') {
      add(t('equipment.lockType'), item.lock_type_memo ? t(`lockTypes.${item.lock_type_memo}`) : null);
      add(t('equipment.keyNumber'), item.physical_key_number);
      add(t('equipment.varefaktaNumber'), item.varefakta_number);
      add(t('equipment.lockDate'), item.lock_date ? formatDate(item.lock_date, i18n.language) : null);
      // An unticked box says "no" only about a certificate the owner told us about; without one it
      // says nothing, and "Frame number on the certificate: No" would wrongly suggest a mismatch.
      const certificate = Boolean(item.varefakta_number || item.lock_date);
      if (item.frame_number_match || (certificate && item.frame_number_match === false))
        add(t('equipment.frameNumberMatch'), item.frame_number_match ? t('facts.yes') : t('facts.no'));
      if (item.has_signature || (certificate && item.has_signature === false))
        add(t('equipment.hasSignature'), item.has_signature ? t('facts.yes') : t('facts.no'));
      if (item.pictures.length > 0)
        add(t('equipment.proof'), t('equipment.proofCount', { count: item.pictures.length }));
    }
    if (item.item_type_memo === 'accessory') add(t('equipment.accessoryType'), item.accessory_type);
    add(t('fields.plateId'), item.plate_ids.join(', '));
    add(t('equipment.note'), item.note);
    return facts;
  };
}

/** The heading of an item: "Lock – ABUS Bordo" / "Battery" / "Accessory – child seat". */
export function useEquipmentTitle() {
  const { t } = useTranslation('bikes');
  return (item: Equipment): string => {
    const name =
      item.item_type_memo === 'accessory'
        ? item.accessory_type
        : [item.manufacturer_name, item.product_name].filter(Boolean).join(' ');
    const type = t(`equipmentTypes.${item.item_type_memo}`);
    return name ? `${type} – ${name}` : type;
  };
}

export function EquipmentSummary({ equipment }: { equipment: readonly Equipment[] }) {
  const { t } = useTranslation('bikes');
  const factsOf = useEquipmentFacts();
  const titleOf = useEquipmentTitle();
  if (equipment.length === 0) return <p className={styles.muted}>{t('equipment.none')}</p>;
  return (
    <ul className={styles.equipmentList}>
      {equipment.map((item) => (
        <li key={item.id} className={styles.equipmentItem}>
          <h3 className={styles.equipmentTitle}>{titleOf(item)}</h3>
          <dl className={styles.facts}>
            {factsOf(item).map(([label, value]) => (
              <div key={label} className={styles.fact}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
