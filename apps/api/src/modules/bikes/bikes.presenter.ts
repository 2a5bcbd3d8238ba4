import type {
  Bike,
  BikeCategory,
  BikeColor,
  BikeStatus,
  BikeSummary,
  BikeType,
  BikeVisibility,
  Equipment,
  FrameNumberCheckAnswer,
  FrameNumberCollisions,
  PublicBike,
} from '@nbr/domain/bikes';
import { checkFrameNumber, type FrameNumberCheck } from '@nbr/domain/frame-number';
import { manufacturerName } from '@nbr/domain/manufacturer-codes';
import type { OwnershipBike } from '@nbr/domain/ownership';
import type { FilesOfBike } from './bike-files.service.ts';
import { publicLevel } from './bikes.policy.ts';
import type { BikeRow, FrameNumberCopy } from './bikes.repository.ts';
import { currentManufacturerCodes } from './manufacturer-codes.service.ts';

/*
 * The one place a bike row becomes an answer: the owner's view (BikeSchema), a row of the owner's
 * list (BikeSummarySchema) and what anyone may see (PublicBikeSchema, by the bike's public level).
 */

export function presentFrameNumberCheck(check: FrameNumberCheck): FrameNumberCheckAnswer {
  return {
    kind: check.kind,
    warnings: check.warnings,
    candidate_years: check.danish?.candidateYears ?? [],
    manufacturer: check.danish?.manufacturer ? manufacturerName(check.danish.manufacturer) : null,
  };
}

/** Whole kroner from minor units (the API speaks whole DKK/NOK; the database keeps øre). */
function wholeKroner(priceMinor: number | null): number | null {
  return priceMinor === null ? null : Math.round(priceMinor / 100);
}

function ownershipIdOf(row: BikeRow, ownershipId: string | null): string {
  if (!ownershipId) throw new Error(`bike ${row.id} has no open ownership`);
  return ownershipId;
}

export interface OwnerViewInput {
  row: BikeRow;
  ownershipId: string | null;
  plateId: string | null;
  /** The bike's files for the owner's audience. */
  files: FilesOfBike | undefined;
  equipment: Equipment[];
  now: Date;
}

/** The bike as its owner (and staff) see it. */
export function presentBike(input: OwnerViewInput): Bike {
  const { row } = input;
  return {
    bike_id: row.id,
    bike_ownership_id: ownershipIdOf(row, input.ownershipId),
    nickname: row.nickname,
    frame_number: row.frameNumber,
    plate_id: input.plateId,
    brand: row.brand,
    model: row.model,
    production_year: row.productionYear,
    category: row.category as BikeCategory | null,
    color: row.color as BikeColor | null,
    type: row.type as BikeType | null,
    is_electric: row.isElectric,
    price: wholeKroner(row.priceMinor),
    currency: row.currency,
    purchase_date: row.purchaseDate,
    bikedna_code: row.bikeDnaCode,
    visibility: row.visibility as BikeVisibility,
    status: row.status as BikeStatus,
    owner_verified: row.ownerVerifiedAt !== null,
    frame_number_locked: row.frameNumberLockedAt !== null,
    deletion_needs_approval: row.frameNumber !== null || input.plateId !== null,
    frame_number_check: presentFrameNumberCheck(
      checkFrameNumber({
        frameNumber: row.frameNumber,
        brand: row.brand,
        productionYear: row.productionYear,
        currentYear: input.now.getUTCFullYear(),
        codes: currentManufacturerCodes(),
      }),
    ),
    pictures: input.files?.pictures ?? [],
    documents: input.files?.documents ?? [],
    equipment: input.equipment,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One row of the owner's list: the public picture, else the first picture, as a thumbnail. */
export function presentBikeSummary(
  row: BikeRow,
  ownershipId: string | null,
  plateId: string | null,
  files: FilesOfBike | undefined,
): BikeSummary {
  const picture = files?.publicPicture ?? files?.pictures[0] ?? null;
  return {
    bike_id: row.id,
    bike_ownership_id: ownershipIdOf(row, ownershipId),
    nickname: row.nickname,
    frame_number: row.frameNumber,
    plate_id: plateId,
    brand: row.brand,
    model: row.model,
    category: row.category as BikeCategory | null,
    color: row.color as BikeColor | null,
    status: row.status as BikeStatus,
    visibility: row.visibility as BikeVisibility,
    created_at: row.createdAt.toISOString(),
    thumbnail_url: picture ? (picture.thumbnail_url ?? picture.url) : null,
  };
}

/**
 * What anyone may see of a bike, by its public level (bikes.policy.ts): model and the public
 * picture only when the owner shows it fully (active). The owner sees the same, so the public tab
 * shows them what others see. Never owner data.
 */
export function presentPublicBike(
  row: BikeRow,
  files: FilesOfBike | undefined,
  isOwner: boolean,
): PublicBike {
  const full =
    publicLevel({ visibility: row.visibility as BikeVisibility, status: row.status as BikeStatus }) ===
    'full';
  const picture = full ? (files?.publicPicture ?? null) : null;
  return {
    bike_id: row.id,
    status: row.status as BikeStatus,
    brand: row.brand,
    model: full ? row.model : null,
    color: row.color as BikeColor | null,
    category: row.category as BikeCategory | null,
    is_electric: row.isElectric,
    picture_url: picture?.url ?? null,
    thumbnail_url: picture ? (picture.thumbnail_url ?? picture.url) : null,
    is_owner: isOwner,
  };
}

/**
 * A bike as the other side of a transfer or request sees it. A transfer's recipient is about to own
 * it and must be able to check the frame number and plate against the bike in front of them; a
 * stranger asking for a bike sees no more than its public page shows (no nickname: it often names
 * the owner). Never the owner's private pictures: only the public one.
 */
export function presentOwnershipBike(
  row: BikeRow,
  plateId: string | null,
  files: FilesOfBike | undefined,
  audience: 'transfer' | 'stranger',
): OwnershipBike {
  const publicView = presentPublicBike(row, files, false);
  const forRecipient = audience === 'transfer';
  return {
    bike_id: row.id,
    nickname: forRecipient ? row.nickname : null,
    brand: row.brand,
    model: forRecipient ? row.model : publicView.model,
    category: row.category as BikeCategory | null,
    color: row.color as BikeColor | null,
    is_electric: row.isElectric,
    frame_number: forRecipient ? row.frameNumber : null,
    plate_id: forRecipient ? plateId : null,
    thumbnail_url: forRecipient
      ? files?.publicPicture
        ? (files.publicPicture.thumbnail_url ?? files.publicPicture.url)
        : null
      : publicView.thumbnail_url,
  };
}

/** Copies grouped by folded key, keeping only keys several bikes share (a collision). */
export function presentFrameNumberCollisions(copies: readonly FrameNumberCopy[]): FrameNumberCollisions {
  const groups = new Map<string, FrameNumberCopy[]>();
  for (const copy of copies) groups.set(copy.foldedKey, [...(groups.get(copy.foldedKey) ?? []), copy]);
  return [...groups.entries()]
    .filter(([, bikesOfKey]) => bikesOfKey.length > 1)
    .map(([foldedKey, bikesOfKey]) => ({
      folded_key: foldedKey,
      bikes: bikesOfKey.map((copy) => ({
        bike_id: copy.bikeId,
        frame_number: copy.frameNumber ?? '',
        is_folded: copy.frameNumberKey === foldedKey,
        status: copy.status === 'stolen' ? 'stolen' : 'registered',
        owner_party_id: copy.ownerPartyId,
        owner_email: copy.ownerEmail,
        created_at: copy.createdAt.toISOString(),
      })),
    }));
}
