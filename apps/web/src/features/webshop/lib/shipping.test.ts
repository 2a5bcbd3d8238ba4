import type { Profile } from '@nbr/domain/identity';
import { ShippingAddressSchema } from '@nbr/domain/webshop';
import { describe, expect, it } from 'vitest';
import { ShippingFormSchema, shippingDefaults, toShippingAddress } from './shipping.ts';
import { VoucherFormSchema } from './voucher.ts';

const profile = (overrides: Partial<Profile>): Profile =>
  ({
    name: null,
    first_name: null,
    last_name: null,
    street_address: null,
    floor: null,
    side: null,
    door: null,
    zip_code: null,
    city: null,
    ...overrides,
  }) as Profile;

describe('the shipping address', () => {
  it('is prefilled from the profile: the name, the street with floor and door, postcode and city', () => {
    expect(
      shippingDefaults(
        profile({
          first_name: 'Anna',
          last_name: 'Hansen',
          street_address: 'Cykelvej 1',
          floor: '2',
          side: 'tv',
          zip_code: '2100',
          city: 'København Ø',
        }),
      ),
    ).toEqual({
      name: 'Anna Hansen',
      street_address: 'Cykelvej 1 2 tv',
      zip_code: '2100',
      city: 'København Ø',
    });
    expect(shippingDefaults(undefined)).toEqual({ name: '', street_address: '', zip_code: '', city: '' });
  });

  it('asks for every field and a four-digit postcode, with codes the fields translate', () => {
    const empty = ShippingFormSchema.safeParse({ name: ' ', street_address: '', zip_code: '', city: '' });
    expect(empty.success).toBe(false);
    expect(new Set(empty.error?.issues.map((issue) => issue.message))).toEqual(new Set(['required']));
    const zip = ShippingFormSchema.safeParse({
      name: 'A',
      street_address: 'B 1',
      zip_code: '21000',
      city: 'C',
    });
    expect(zip.error?.issues.map((issue) => issue.message)).toEqual(['invalid_zip_code']);
  });

  it('is sent in the shape the API takes, with the country of the shop region', () => {
    const form = { name: 'Ola', street_address: 'Sykkelveien 1', zip_code: '0150', city: 'Oslo' };
    const address = toShippingAddress(form, 'no');
    expect(address.country).toBe('NO');
    expect(ShippingAddressSchema.parse(address)).toEqual(address);
  });
});

describe('the voucher code', () => {
  it('takes a code as typed, spaces and dashes included, and refuses what cannot be one', () => {
    expect(VoucherFormSchema.safeParse({ code: 'demo-cykel-dk' }).success).toBe(true);
    expect(VoucherFormSchema.safeParse({ code: '' }).error?.issues[0]?.message).toBe('required');
    expect(VoucherFormSchema.safeParse({ code: '- -' }).error?.issues[0]?.message).toBe('invalid_value');
  });
});
