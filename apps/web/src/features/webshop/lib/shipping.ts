import type { Profile } from '@nbr/domain/identity';
import type { Region } from '@nbr/domain/locale';
import type { ShippingAddress } from '@nbr/domain/webshop';
import { z } from 'zod';

/*
 * The address plates are sent to. The same limits as the API's ShippingAddressSchema, with the
 * validation codes the fields translate; the country follows the shop's region.
 */

const required = (max: number) =>
  z.string().trim().min(1, { error: 'required' }).max(max, { error: 'too_long' });

export const ShippingFormSchema = z.object({
  name: required(200),
  street_address: required(200),
  zip_code: z
    .string()
    .trim()
    .min(1, { error: 'required', abort: true })
    .regex(/^\d{4}$/, { error: 'invalid_zip_code' }),
  city: required(100),
});
export type ShippingForm = z.infer<typeof ShippingFormSchema>;

/** The form prefilled from the profile: the name and the address the person gave (SPEC §3). */
export function shippingDefaults(profile: Profile | undefined): ShippingForm {
  const name =
    profile?.name ?? [profile?.first_name, profile?.last_name].filter(Boolean).join(' ').trim() ?? '';
  const street = [profile?.street_address, profile?.floor, profile?.side, profile?.door]
    .filter((part) => part && part.trim() !== '')
    .join(' ');
  return {
    name: name ?? '',
    street_address: street,
    zip_code: profile?.zip_code ?? '',
    city: profile?.city ?? '',
  };
}

export function toShippingAddress(form: ShippingForm, region: Region): ShippingAddress {
  return { ...form, country: region === 'no' ? 'NO' : 'DK' };
}
