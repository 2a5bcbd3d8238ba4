import { z } from 'zod';

/*
 * Fields of a draft a wizard keeps on the server as the person goes (the theft report, the
 * insurance onboarding): every field may be empty, and empty is stored as null.
 */

/** Free text of at most `max` characters, trimmed; empty is null. `typeError` names a non-string. */
export const draftText = (max: number, typeError?: string) =>
  z
    .string(typeError ? { error: typeError } : undefined)
    .trim()
    .max(max, { error: 'too_long' })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/** `schema`, or null when empty. */
export const draftOptional = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((value) => (value === '' ? null : value), schema.nullable().optional())
    .transform((value) => value ?? null);

/** A yes/no answer, or null when not given. */
export const draftFlag = draftOptional(z.boolean({ error: 'invalid_value' }));
