import { z } from 'zod';
import { BikeCategorySchema, BikeColorSchema, BikeStatusSchema } from './bikes.ts';

/*
 * GET /api/search?q=… — the public search of the register by frame number or plate ID. It answers
 * only what a stranger may see (PublicBikeSchema minus is_owner) and never anything of the owner.
 */

export const SEARCH_QUERY_MAX_LENGTH = 60;

export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, { error: 'required' }).max(SEARCH_QUERY_MAX_LENGTH, { error: 'too_long' }),
});

export const SearchHitSchema = z.object({
  /** exact: the normalised identifier is the one typed; look_alike: equal once look-alikes are folded. */
  match: z.enum(['exact', 'look_alike']),
  /** Which identifier matched. */
  identifier: z.enum(['frame_number', 'plate_id']),
  /** The identifier as registered, so the searcher can compare it with the frame or sticker. */
  matched_value: z.string(),
  /** The id to open the public page and to contact the owner with. */
  bike_id: z.uuid(),
  status: BikeStatusSchema,
  brand: z.string().nullable(),
  model: z.string().nullable(),
  color: BikeColorSchema.nullable(),
  category: BikeCategorySchema.nullable(),
  picture_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchResponseSchema = z.object({
  query: z.string(),
  /** Exact matches first, then look-alike matches; at most SEARCH_RESULT_LIMIT. */
  results: z.array(SearchHitSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const SEARCH_RESULT_LIMIT = 10;
