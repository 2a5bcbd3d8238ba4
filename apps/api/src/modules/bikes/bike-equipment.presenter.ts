import type { BikeDocument, BikePicture, Equipment, EquipmentType, LockType } from '@nbr/domain/bikes';
import type { EquipmentRow } from './bike-equipment.repository.ts';

export function presentEquipment(
  row: EquipmentRow,
  plateIds: string[],
  files: { pictures: BikePicture[]; documents: BikeDocument[] } | undefined,
): Equipment {
  return {
    id: row.id,
    bike_id: row.bikeId,
    item_type_memo: row.itemType as EquipmentType,
    note: row.note,
    plate_ids: plateIds,
    serial_numbers: row.serialNumbers,
    dna_paste_ids: row.dnaPasteIds,
    manufacturer_name: row.manufacturerName,
    product_name: row.productName,
    frame_number_match: row.frameNumberMatch,
    has_signature: row.hasSignature,
    varefakta_number: row.varefaktaNumber,
    lock_date: row.lockDate,
    physical_key_number: row.physicalKeyNumber,
    lock_type_memo: row.lockType as LockType | null,
    accessory_type: row.accessoryType,
    pictures: files?.pictures ?? [],
    documents: files?.documents ?? [],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
