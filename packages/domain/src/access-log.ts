import { z } from 'zod';

/*
 * The owner's access log (issue 17 §3): every look-up of a person or their bikes by an organisation
 * (the police, a municipality, an insurer) or by our staff, shown to that person in their settings.
 * Who is told by organisation, never by the name of the person who looked; when; and why (the reason
 * given, or the police's case number).
 */

export const ACCESS_LOG_PAGE_SIZE = 20;

/** GET /api/identities/me/access-log?cursor= — the next page starts after `cursor` (an entry's id). */
export const AccessLogQuerySchema = z.object({ cursor: z.uuid().optional() });

export const AccessLogEntrySchema = z.object({
  id: z.uuid(),
  /** The audited action (ACCESS_LOG_ACTIONS in the API), for the text that says what was looked at. */
  action: z.string(),
  at: z.string(),
  /** organisation: a member acting for it; staff: the register's own staff. */
  who: z.enum(['organisation', 'staff']),
  /** The organisation's name (null for staff, or when the organisation is gone). */
  organisation_name: z.string().nullable(),
  organisation_type: z.string().nullable(),
  /** Why, as the one who looked gave it. */
  reason: z.string().nullable(),
  /** The police's case number. */
  case_number: z.string().nullable(),
  /** The dock whose operator opened the lock holding the person's bike (issue 28); null for other entries. */
  dock_name: z.string().nullable(),
  /** Which identifier of the bike an organisation checked by API (issue 32 §1); null for other entries. */
  identifier_kind: z.enum(['frame_number', 'plate_id']).nullable(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

export const AccessLogPageSchema = z.object({
  entries: z.array(AccessLogEntrySchema),
  /** Pass as `cursor` for older entries; null on the last page. */
  next_cursor: z.uuid().nullable(),
});
export type AccessLogPage = z.infer<typeof AccessLogPageSchema>;
