import { BikeCategorySchema, BikeColorSchema } from '@nbr/domain/bikes';
import {
  canReleaseHeldBike,
  type Pickup,
  type PickupStatus,
  type UnregisteredPickupBike,
} from '@nbr/domain/finds';
import type { OwnershipBike } from '@nbr/domain/ownership';
import type { PickupRow } from './item-pickups.repository.ts';

/** Who holds a bike, as its owner may see them: the organisation's name, or a finder's first name. */
export interface HolderView {
  kind: 'person' | 'organisation';
  name: string | null;
  /** The organisation's type (police, municipality…); null for a person. */
  organisationType: string | null;
}

/**
 * The one place a pickup row becomes an answer, for one reader: the owner sees who holds the bike
 * (never more than a first name of a person), a person holding it sees themself as null, an
 * organisation's member the organisation's name; each side gets the
 * actions it has while the bike waits.
 */
export function presentPickup(
  row: PickupRow,
  context: {
    viewerPartyId: string;
    holders: ReadonlyMap<string, HolderView>;
    bikes: ReadonlyMap<string, OwnershipBike>;
    /** Signs the address of the pickup's photo. */
    signPhoto: (pickupId: string) => string;
  },
): Pickup {
  const isHolder = row.holderPartyId === context.viewerPartyId;
  const isOwner = row.ownerPartyId === context.viewerPartyId;
  const holder = context.holders.get(row.holderPartyId);
  const status = row.status as PickupStatus;
  const actions: Pickup['actions'] = [];
  if (status === 'waiting') {
    if (isHolder || isOwner) actions.push('collected');
    if (isHolder) actions.push('cancel');
    if (
      isHolder &&
      canReleaseHeldBike({
        status,
        collectUntil: row.collectUntil,
        holderOrganisationType: holder?.organisationType ?? null,
      })
    )
      actions.push('released');
  }
  return {
    pickup_id: row.id,
    bike_id: row.bikeId,
    status,
    place: row.place,
    collect_until: row.collectUntil,
    note: row.note,
    found_on: row.foundOn,
    // A member acting for an organisation holds the bike in its name: they see that name, not "you".
    holder_name: isHolder && holder?.kind !== 'organisation' ? null : (holder?.name ?? null),
    holder_kind: holder?.kind ?? 'person',
    chat_id: row.chatId,
    actions,
    stolen_report_linked: row.theftReportId !== null,
    photo_url: row.photoStorageKey ? context.signPhoto(row.id) : null,
    is_holder: isHolder,
    bike: row.bikeId ? (context.bikes.get(row.bikeId) ?? null) : null,
    unregistered_bike: presentUnregistered(row),
    created_at: row.createdAt.toISOString(),
    closed_at: row.closedAt ? row.closedAt.toISOString() : null,
  };
}

/** A bike taken in that the register does not know, as its holder recorded it (issue 32 §2). */
function presentUnregistered(row: PickupRow): UnregisteredPickupBike | null {
  if (row.bikeId !== null || row.foundBrand === null) return null;
  const color = BikeColorSchema.safeParse(row.foundColor);
  const category = BikeCategorySchema.safeParse(row.foundCategory);
  return {
    identifier: row.foundIdentifier,
    brand: row.foundBrand,
    model: row.foundModel,
    color: color.success ? color.data : null,
    category: category.success ? category.data : null,
    is_electric: row.foundIsElectric ?? false,
  };
}

/** The path of a pickup's photo; its signed form is the access check (owner and holder get it). */
export function pickupPhotoPath(pickupId: string): string {
  return `/api/item-pickups/${pickupId}/photo`;
}
