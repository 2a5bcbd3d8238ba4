import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeEquipment, bikeFiles, bikeOwnerships, bikes, stickers } from '../../db/schema/bikes.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';
import { filePath } from './bike-files.presenter.ts';
import { isOwnersFile } from './bike-files.repository.ts';

/**
 * Bikes' section of the personal data export (use-cases/export-personal-data.ts): the bikes the
 * person owns with plate and equipment, every ownership they had, and their files (of bikes they
 * own, and what they uploaded to bikes owned by others now) as signed links that expire.
 */
export async function bikesPersonalData(executor: Executor, urls: FileUrlSigner, partyId: string) {
  const owned = await executor
    .select({
      id: bikes.id,
      nickname: bikes.nickname,
      frame_number: bikes.frameNumber,
      brand: bikes.brand,
      model: bikes.model,
      production_year: bikes.productionYear,
      category: bikes.category,
      color: bikes.color,
      type: bikes.type,
      is_electric: bikes.isElectric,
      price_minor: bikes.priceMinor,
      currency: bikes.currency,
      purchase_date: bikes.purchaseDate,
      bikedna_code: bikes.bikeDnaCode,
      visibility: bikes.visibility,
      status: bikes.status,
      region: bikes.region,
      owner_verified_at: bikes.ownerVerifiedAt,
      created_at: bikes.createdAt,
      updated_at: bikes.updatedAt,
    })
    .from(bikes)
    .where(eq(bikes.ownerPartyId, partyId))
    .orderBy(desc(bikes.createdAt));
  const bikeIds = owned.map((bike) => bike.id);
  const plates =
    bikeIds.length > 0
      ? await executor
          .select({ code: stickers.code, bike_id: stickers.bikeId, registered_at: stickers.registeredAt })
          .from(stickers)
          .where(inArray(stickers.bikeId, bikeIds))
      : [];
  const equipment =
    bikeIds.length > 0
      ? await executor.select().from(bikeEquipment).where(inArray(bikeEquipment.bikeId, bikeIds))
      : [];
  // Their files are what they uploaded, wherever the bike is now, and the public picture of a bike
  // they own; an earlier owner's receipt on a bike they received is that person's, not theirs.
  const files = await executor
    .select()
    .from(bikeFiles)
    .where(
      bikeIds.length > 0
        ? or(
            and(inArray(bikeFiles.bikeId, bikeIds), isOwnersFile(partyId)),
            eq(bikeFiles.uploadedByPartyId, partyId),
          )
        : eq(bikeFiles.uploadedByPartyId, partyId),
    )
    .orderBy(bikeFiles.createdAt);
  const ownerships = await executor
    .select({
      id: bikeOwnerships.id,
      bike_id: bikeOwnerships.bikeId,
      how: bikeOwnerships.how,
      started_at: bikeOwnerships.startedAt,
      ended_at: bikeOwnerships.endedAt,
    })
    .from(bikeOwnerships)
    .where(eq(bikeOwnerships.ownerPartyId, partyId))
    .orderBy(desc(bikeOwnerships.startedAt));
  return {
    bikes: owned.map((bike) => ({
      ...bike,
      plate: plates.find((plate) => plate.bike_id === bike.id)?.code ?? null,
      equipment: equipment
        .filter((item) => item.bikeId === bike.id)
        .map((item) => ({
          id: item.id,
          item_type: item.itemType,
          note: item.note,
          serial_numbers: item.serialNumbers,
          dna_paste_ids: item.dnaPasteIds,
          manufacturer_name: item.manufacturerName,
          product_name: item.productName,
          lock_type: item.lockType,
          lock_date: item.lockDate,
          physical_key_number: item.physicalKeyNumber,
          accessory_type: item.accessoryType,
          varefakta_number: item.varefaktaNumber,
          created_at: item.createdAt,
        })),
    })),
    bike_ownerships: ownerships,
    files: files.map((file) => ({
      id: file.id,
      bike_id: file.bikeId,
      equipment_id: file.equipmentId,
      file_class: file.fileClass,
      kind: file.kind,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      uploaded_by_you: file.uploadedByPartyId === partyId,
      created_at: file.createdAt,
      /** Relative to the API's address; works for SIGNED_URL_TTL_SECONDS after the export. */
      url: urls.sign(filePath(file.id, 'original')),
    })),
  };
}
