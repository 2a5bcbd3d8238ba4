import type { BikeCategory, BikeColor, BikeStatus, BikeVisibility } from '@nbr/domain/bikes';
import { identifierKeys } from '@nbr/domain/identifiers';
import { CURRENCY_BY_REGION } from '@nbr/domain/locale';
import { STICKER_CODE_ALPHABET, STICKER_CODE_LENGTH, type StickerKind } from '@nbr/domain/plates';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { bikeOwnerships, bikes, stickerBatches, stickers } from '../db/schema/bikes.ts';
import { uuidv7 } from '../platform/ids.ts';

export interface TestBikeValues {
  ownerPartyId: string;
  nickname?: string;
  frameNumber?: string | null;
  /** A plate ID: the sticker is created (or taken when it exists and is free) and put on the bike. */
  plateId?: string | null;
  brand?: string | null;
  model?: string | null;
  color?: BikeColor | null;
  category?: BikeCategory | null;
  visibility?: BikeVisibility;
  status?: BikeStatus;
  region?: 'dk' | 'no';
}

export interface TestBike {
  bikeId: string;
  ownershipId: string;
}

function randomFrom(alphabet: string, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) {
    text += alphabet[Math.floor(Math.random() * alphabet.length)];
  }
  return text;
}

/** A fresh sticker code from the printed alphabet (no look-alike characters). */
export function uniqueStickerCode(): string {
  return randomFrom(STICKER_CODE_ALPHABET, STICKER_CODE_LENGTH);
}

/** A frame number no other test uses: digits and letters without look-alike characters. */
export function uniqueFrameNumber(prefix = 'FRM'): string {
  return `${prefix}${randomFrom('34679', 9)}${randomFrom('ACEFHJKMNPRTWXY', 1)}`;
}

/** Free stickers with these codes (as printed; normalised here), in a batch of their own. */
export async function insertStickers(
  db: Executor,
  codes: readonly string[],
  kind: StickerKind = 'bike',
): Promise<void> {
  const batchId = uuidv7();
  await db.insert(stickerBatches).values({ id: batchId, kind, note: 'test' });
  if (codes.length === 0) return;
  await db.insert(stickers).values(
    codes.map((code) => {
      const keys = identifierKeys(code);
      return { code: keys.key, lookAlike: keys.lookAlike, batchId, kind };
    }),
  );
}

/** A bike with its current ownership row (and its plate), as registration leaves it. */
export async function insertBike(db: Executor, values: TestBikeValues): Promise<TestBike> {
  const bikeId = uuidv7();
  const ownershipId = uuidv7();
  const region = values.region ?? 'dk';
  const frame = values.frameNumber ? identifierKeys(values.frameNumber) : null;
  await db.insert(bikes).values({
    id: bikeId,
    ownerPartyId: values.ownerPartyId,
    nickname: values.nickname ?? 'Test bike',
    frameNumber: frame?.display ?? null,
    frameNumberKey: frame?.key ?? null,
    frameNumberLookAlike: frame?.lookAlike ?? null,
    brand: values.brand ?? null,
    model: values.model ?? null,
    color: values.color ?? null,
    category: values.category ?? null,
    visibility: values.visibility ?? 'active',
    status: values.status ?? 'registered',
    currency: CURRENCY_BY_REGION[region],
    region,
  });
  await db.insert(bikeOwnerships).values({
    id: ownershipId,
    bikeId,
    ownerPartyId: values.ownerPartyId,
    how: 'registered',
    createdByPartyId: values.ownerPartyId,
  });
  if (values.plateId) {
    const keys = identifierKeys(values.plateId);
    const [existing] = await db.select().from(stickers).where(eq(stickers.code, keys.key));
    if (!existing) await insertStickers(db, [values.plateId], 'bike');
    const taken = await db
      .update(stickers)
      .set({ status: 'registered', bikeId, registeredAt: new Date() })
      .where(and(eq(stickers.code, keys.key), eq(stickers.status, 'free')))
      .returning({ code: stickers.code });
    if (taken.length !== 1) throw new Error(`sticker ${keys.key} is not free`);
  }
  return { bikeId, ownershipId };
}
