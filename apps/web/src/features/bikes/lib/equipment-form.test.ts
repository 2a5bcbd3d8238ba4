import { describe, expect, it } from 'vitest';
import { emptyEquipmentForm, equipmentPayload, equipmentResolver, splitList } from './equipment-form.ts';

const resolve = (values: ReturnType<typeof emptyEquipmentForm>) =>
  equipmentResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('equipment form', () => {
  it('splits lists typed in one field', () => {
    expect(splitList(' A1, B2\nC3;; ')).toEqual(['A1', 'B2', 'C3']);
  });

  it("sends only the fields of the item's type", () => {
    const lock = {
      ...emptyEquipmentForm('lock'),
      manufacturer_name: 'ABUS',
      serial_numbers: 'S1',
      accessory_type: 'seat',
      lock_type_memo: 'chain',
      frame_number_match: true,
    };
    const payload = equipmentPayload(lock);
    expect(payload).toMatchObject({
      item_type_memo: 'lock',
      manufacturer_name: 'ABUS',
      lock_type_memo: 'chain',
    });
    expect(payload).not.toHaveProperty('serial_numbers');
    expect(payload).not.toHaveProperty('accessory_type');
    const battery = equipmentPayload({ ...emptyEquipmentForm('battery'), serial_numbers: 'S1, S2' });
    expect(battery).toMatchObject({ serial_numbers: ['S1', 'S2'] });
    expect(battery).not.toHaveProperty('lock_type_memo');
  });

  it('puts a problem inside a list under the list field, with its code', async () => {
    const result = await resolve({ ...emptyEquipmentForm('battery'), plate_ids: 'AC3479KM, AB' });
    expect(result.errors.plate_ids?.message).toBe('identifier_too_short');
    const future = await resolve({ ...emptyEquipmentForm('lock'), lock_date: '2999-01-01' });
    expect(future.errors.lock_date?.message).toBe('date_not_in_past');
    const ok = await resolve({ ...emptyEquipmentForm('accessory'), accessory_type: 'Barnestol' });
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ item_type_memo: 'accessory', accessory_type: 'Barnestol' });
  });
});
