import {
  BIKE_CATEGORIES,
  BIKE_COLORS,
  BIKE_TYPES,
  BIKE_VISIBILITIES,
  type Bike,
  type BikeCreate,
  BikeCreateSchema,
  type BikeUpdate,
  BikeUpdateSchema,
  type BikeVisibility,
} from '@nbr/domain/bikes';
import { z } from 'zod';
import { parseWholeNumber } from '../../../lib/parse-whole-number.ts';

/*
 * The bike form works with what inputs hold (text and ticks); the API takes numbers and nulls. The
 * form's resolver runs the contract's own schema (BikeCreateSchema / BikeUpdateSchema) on the
 * converted values, so the browser checks exactly what the API will check.
 */

export interface BikeFormValues {
  nickname: string;
  frame_number: string;
  plate_id: string;
  brand: string;
  model: string;
  production_year: string;
  /** '' = not stated. */
  category: string;
  color: string;
  type: string;
  is_electric: boolean;
  /** Whole kroner as typed. */
  price: string;
  /** YYYY-MM-DD or ''. */
  purchase_date: string;
  bikedna_code: string;
  visibility: BikeVisibility;
}

export type BikeFormField = keyof BikeFormValues;

export const BIKE_FORM_FIELDS = [
  'nickname',
  'frame_number',
  'plate_id',
  'brand',
  'model',
  'production_year',
  'category',
  'color',
  'type',
  'is_electric',
  'price',
  'purchase_date',
  'bikedna_code',
  'visibility',
] as const satisfies readonly BikeFormField[];

export const EMPTY_BIKE_FORM: BikeFormValues = {
  nickname: '',
  frame_number: '',
  plate_id: '',
  brand: '',
  model: '',
  production_year: '',
  category: '',
  color: '',
  type: '',
  is_electric: false,
  price: '',
  purchase_date: '',
  bikedna_code: '',
  visibility: 'active',
};

export function bikeToFormValues(bike: Bike): BikeFormValues {
  return {
    nickname: bike.nickname,
    frame_number: bike.frame_number ?? '',
    plate_id: bike.plate_id ?? '',
    brand: bike.brand ?? '',
    model: bike.model ?? '',
    production_year: bike.production_year === null ? '' : String(bike.production_year),
    category: bike.category ?? '',
    color: bike.color ?? '',
    type: bike.type ?? '',
    is_electric: bike.is_electric,
    price: bike.price === null ? '' : String(bike.price),
    purchase_date: bike.purchase_date ?? '',
    bikedna_code: bike.bikedna_code ?? '',
    visibility: bike.visibility,
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string): T | null =>
  (values as readonly string[]).includes(value) ? (value as T) : null;

/** Form values → the JSON the API takes (before the schema's own trimming and checks). */
export function formToPayload(values: Partial<BikeFormValues>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values) as [BikeFormField, unknown][]) {
    if (value === undefined) continue;
    switch (field) {
      case 'production_year':
      case 'price':
        payload[field] = parseWholeNumber(String(value));
        break;
      case 'category':
        payload[field] = oneOf(BIKE_CATEGORIES, String(value));
        break;
      case 'color':
        payload[field] = oneOf(BIKE_COLORS, String(value));
        break;
      case 'type':
        payload[field] = oneOf(BIKE_TYPES, String(value));
        break;
      case 'visibility':
        payload[field] = oneOf(BIKE_VISIBILITIES, String(value)) ?? undefined;
        break;
      case 'is_electric':
        payload[field] = Boolean(value);
        break;
      default:
        payload[field] = value;
    }
  }
  return payload;
}

/** The register form: the contract of POST /bikes/ on the converted values. */
export const bikeCreateFormSchema = z.preprocess(
  (values) => formToPayload(values as Partial<BikeFormValues>),
  BikeCreateSchema,
) as unknown as z.ZodType<BikeCreate, BikeFormValues>;

/** The edit form: the contract of PATCH /bikes/{bike_id}/ on the converted values. */
export const bikeUpdateFormSchema = z.preprocess(
  (values) => formToPayload(values as Partial<BikeFormValues>),
  BikeUpdateSchema,
) as unknown as z.ZodType<BikeUpdate, BikeFormValues>;

/**
 * Only what changed is sent, so a field the person did not touch (e.g. a frame number locked after a
 * transfer) is never part of the request.
 */
export function changedPayload(
  parsed: BikeUpdate,
  dirty: Partial<Record<BikeFormField, boolean | undefined>>,
): BikeUpdate {
  const update: Record<string, unknown> = {};
  for (const field of BIKE_FORM_FIELDS) {
    if (dirty[field] && field in parsed) update[field] = parsed[field as keyof BikeUpdate] ?? null;
  }
  return update as BikeUpdate;
}
