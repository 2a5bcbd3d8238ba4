import { z } from 'zod';

/*
 * The manufacturer-code table as staff edit it (issue 17 §1, /backoffice/v2/diverse): the table is
 * data (`manufacturer_codes`), seeded from the built-in list of manufacturer-codes.ts, and the API's
 * frame-number check reads it.
 */

export const CODE_CONFIDENCES = ['high', 'medium', 'low'] as const;
export const CodeConfidenceSchema = z.enum(CODE_CONFIDENCES);

/** 1–5 letters, stored upper case (the letters stamped before the serial). */
export const ManufacturerCodeValueSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-ZÆØÅ]{1,5}$/);

const fields = {
  holder: z.string().trim().min(1).max(200),
  /** Brand names as users type them; stored lower case, duplicates dropped. */
  brands: z
    .array(z.string().trim().min(1).max(100))
    .max(30)
    .transform((brands) => [...new Set(brands.map((brand) => brand.toLowerCase().replace(/\s+/g, ' ')))]),
  confidence: CodeConfidenceSchema,
  source: z.string().trim().min(1).max(1000),
};

/** POST /api/backoffice/manufacturer-codes */
export const ManufacturerCodeCreateSchema = z.object({ code: ManufacturerCodeValueSchema, ...fields });
export type ManufacturerCodeCreate = z.infer<typeof ManufacturerCodeCreateSchema>;

/** PUT /api/backoffice/manufacturer-codes/{code} */
export const ManufacturerCodeUpdateSchema = z.object(fields);
export type ManufacturerCodeUpdate = z.infer<typeof ManufacturerCodeUpdateSchema>;

export const ManufacturerCodeParamsSchema = z.object({ code: z.string().min(1).max(10) });

export const StaffManufacturerCodeSchema = z.object({
  code: z.string(),
  holder: z.string(),
  brands: z.array(z.string()),
  confidence: CodeConfidenceSchema,
  source: z.string(),
  updated_at: z.string(),
});
export type StaffManufacturerCode = z.infer<typeof StaffManufacturerCodeSchema>;
export const StaffManufacturerCodeListSchema = z.array(StaffManufacturerCodeSchema);
