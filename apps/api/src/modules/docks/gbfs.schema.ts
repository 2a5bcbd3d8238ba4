import { z } from 'zod';

/*
 * The GBFS 2.3 files the public feed answers (gbfs.routes.ts): every file is
 * { last_updated, ttl, version: "2.3", data }. Only the fields the feed fills are listed.
 */

function gbfsFile<T extends z.ZodType>(data: T) {
  return z.object({
    /** POSIX seconds. */
    last_updated: z.int(),
    ttl: z.int(),
    version: z.literal('2.3'),
    data,
  });
}

export const GbfsRegionParamsSchema = z.object({ region: z.string() });

export const GbfsDiscoverySchema = gbfsFile(
  z.record(z.string(), z.object({ feeds: z.array(z.object({ name: z.string(), url: z.string() })) })),
);

export const GbfsSystemInformationSchema = gbfsFile(
  z.object({
    system_id: z.string(),
    language: z.string(),
    name: z.string(),
    timezone: z.string(),
    url: z.string(),
  }),
);

export const GbfsStationInformationSchema = gbfsFile(
  z.object({
    stations: z.array(
      z.object({
        station_id: z.string(),
        name: z.string(),
        lat: z.number(),
        lon: z.number(),
        address: z.string(),
        post_code: z.string(),
        capacity: z.int(),
      }),
    ),
  }),
);

export const GbfsStationStatusSchema = gbfsFile(
  z.object({
    stations: z.array(
      z.object({
        station_id: z.string(),
        num_bikes_available: z.int(),
        num_docks_available: z.int(),
        num_docks_disabled: z.int(),
        is_installed: z.boolean(),
        is_renting: z.boolean(),
        is_returning: z.boolean(),
        /** POSIX seconds. */
        last_reported: z.int(),
      }),
    ),
  }),
);
