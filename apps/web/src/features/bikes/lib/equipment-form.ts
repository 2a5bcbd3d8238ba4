import {
  type Equipment,
  type EquipmentInput,
  EquipmentInputSchema,
  type EquipmentType,
  LOCK_TYPES,
  type LockType,
} from '@nbr/domain/bikes';
import type { FieldErrors, Resolver } from 'react-hook-form';

/*
 * The equipment form (SPEC §3 Equipment): what inputs hold, turned into EquipmentInputSchema's
 * payload. Lists (serial numbers, plate IDs) are typed in one field, separated by commas or lines.
 * Only the fields of the item's type are sent.
 */

export interface EquipmentFormValues {
  item_type_memo: EquipmentType;
  serial_numbers: string;
  plate_ids: string;
  manufacturer_name: string;
  product_name: string;
  physical_key_number: string;
  varefakta_number: string;
  lock_date: string;
  /** '' = not stated. */
  lock_type_memo: string;
  frame_number_match: boolean;
  has_signature: boolean;
  accessory_type: string;
  note: string;
}

export type EquipmentFormField = keyof EquipmentFormValues;

export const EQUIPMENT_FORM_FIELDS: readonly EquipmentFormField[] = [
  'item_type_memo',
  'serial_numbers',
  'plate_ids',
  'manufacturer_name',
  'product_name',
  'physical_key_number',
  'varefakta_number',
  'lock_date',
  'lock_type_memo',
  'frame_number_match',
  'has_signature',
  'accessory_type',
  'note',
];

export function emptyEquipmentForm(type: EquipmentType): EquipmentFormValues {
  return {
    item_type_memo: type,
    serial_numbers: '',
    plate_ids: '',
    manufacturer_name: '',
    product_name: '',
    physical_key_number: '',
    varefakta_number: '',
    lock_date: '',
    lock_type_memo: '',
    frame_number_match: false,
    has_signature: false,
    accessory_type: '',
    note: '',
  };
}

export function equipmentToFormValues(item: Equipment): EquipmentFormValues {
  return {
    item_type_memo: item.item_type_memo,
    serial_numbers: item.serial_numbers.join(', '),
    plate_ids: item.plate_ids.join(', '),
    manufacturer_name: item.manufacturer_name ?? '',
    product_name: item.product_name ?? '',
    physical_key_number: item.physical_key_number ?? '',
    varefakta_number: item.varefakta_number ?? '',
    lock_date: item.lock_date ?? '',
    lock_type_memo: item.lock_type_memo ?? '',
    frame_number_match: item.frame_number_match ?? false,
    has_signature: item.has_signature ?? false,
    accessory_type: item.accessory_type ?? '',
    note: item.note ?? '',
  };
}

/** 'A1, B2\nC3' → ['A1', 'B2', 'C3']. */
export function splitList(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Which fields each type of item has (besides plate IDs and note, which all have). */
export const FIELDS_BY_TYPE: Record<EquipmentType, readonly EquipmentFormField[]> = {
  battery: ['serial_numbers', 'manufacturer_name', 'product_name'],
  lock: [
    'manufacturer_name',
    'product_name',
    'lock_type_memo',
    'physical_key_number',
    'varefakta_number',
    'lock_date',
    'frame_number_match',
    'has_signature',
  ],
  accessory: ['accessory_type'],
};

export function equipmentPayload(values: EquipmentFormValues): Record<string, unknown> {
  const type = values.item_type_memo;
  const has = (field: EquipmentFormField) => FIELDS_BY_TYPE[type].includes(field);
  const payload: Record<string, unknown> = {
    item_type_memo: type,
    plate_ids: splitList(values.plate_ids),
    note: values.note,
  };
  if (has('serial_numbers')) payload.serial_numbers = splitList(values.serial_numbers);
  for (const field of [
    'manufacturer_name',
    'product_name',
    'physical_key_number',
    'varefakta_number',
    'lock_date',
    'accessory_type',
  ] as const) {
    if (has(field)) payload[field] = values[field];
  }
  if (has('lock_type_memo'))
    payload.lock_type_memo = (LOCK_TYPES as readonly string[]).includes(values.lock_type_memo)
      ? (values.lock_type_memo as LockType)
      : null;
  if (has('frame_number_match')) payload.frame_number_match = values.frame_number_match;
  if (has('has_signature')) payload.has_signature = values.has_signature;
  return payload;
}

/**
 * The contract's schema on the converted values. An issue inside a list (plate_ids[1]) is put
 * under the list's one field, which is what the person typed into.
 */
export const equipmentResolver: Resolver<EquipmentFormValues, unknown, EquipmentInput> = async (values) => {
  const parsed = EquipmentInputSchema.safeParse(equipmentPayload(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<EquipmentFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as EquipmentFormField;
    if (!EQUIPMENT_FORM_FIELDS.includes(field) || errors[field]) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
