import { normaliseVoucherCode } from '@nbr/domain/webshop';
import { z } from 'zod';

/** A code as typed ("abcd-efgh ijkl"): spaces, dashes and case do not matter; 4–40 characters. */
export const VoucherFormSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: 'required', abort: true })
    .refine((code) => normaliseVoucherCode(code).length >= 4, { error: 'invalid_value' })
    .refine((code) => code.length <= 40, { error: 'too_long' }),
});
export type VoucherForm = z.infer<typeof VoucherFormSchema>;
