import { z } from 'zod';

/*
 * National digital identity (MitID in Denmark, BankID in Norway): the contract of
 * POST /identities/verifications/ and POST /identities/verifications/complete/. Custom messages are
 * validation codes (VALIDATION_MESSAGES in identity.ts).
 */

export const VERIFICATION_SESSION_TYPES = ['identity_verification', 'approval'] as const;
export const VerificationSessionTypeSchema = z.enum(VERIFICATION_SESSION_TYPES, { error: 'invalid_value' });
export type VerificationSessionType = z.infer<typeof VerificationSessionTypeSchema>;

/** The national identities: MitID (dk) and BankID (no). SPEC §7 calls this the `verification_type`. */
export const NATIONAL_IDENTITY_TYPES = ['mitid', 'bankid'] as const;
export const NationalIdentityTypeSchema = z.enum(NATIONAL_IDENTITY_TYPES, { error: 'invalid_value' });
export type NationalIdentityType = z.infer<typeof NationalIdentityTypeSchema>;

/** Which national identity a region uses. */
/** Brand names, the same in every language. */
export const NATIONAL_IDENTITY_NAMES = { mitid: 'MitID', bankid: 'BankID' } as const satisfies Record<
  NationalIdentityType,
  string
>;

export const NATIONAL_IDENTITY_BY_REGION = { dk: 'mitid', no: 'bankid' } as const satisfies Record<
  string,
  NationalIdentityType
>;

/** Actions that need a fresh identity approval of their own (SPEC §4, §5). */
export const APPROVAL_ACTIONS = ['report_found', 'delete_bike', 'delete_account'] as const;
export const ApprovalActionSchema = z.enum(APPROVAL_ACTIONS, { error: 'invalid_value' });
export type ApprovalAction = z.infer<typeof ApprovalActionSchema>;

/** What a completed verification session did. */
export const SESSION_TASK_RESULTS = ['verified', 'approved'] as const;
export const SessionTaskResultSchema = z.enum(SESSION_TASK_RESULTS);
export type SessionTaskResult = z.infer<typeof SessionTaskResultSchema>;

/** A verification session may be waited on this long before it expires. */
export const VERIFICATION_SESSION_TTL_MINUTES = 15;
/** An approval must be used this soon after it was given. */
export const APPROVAL_TTL_MINUTES = 10;

/**
 * A path inside this app to return to (`/app/settings?tab=1`). Absolute and protocol-relative URLs are
 * refused, so a crafted link cannot send people elsewhere after a verification (open redirect).
 */
export const AppPathSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(2000, { error: 'too_long' })
  .refine((value) => /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value), { error: 'invalid_value' });

export const VerificationStartSchema = z
  .object({
    verification_session_type: VerificationSessionTypeSchema,
    success_url: AppPathSchema,
    failure_url: AppPathSchema,
    /** Approvals only: the action approved. */
    approval_action: ApprovalActionSchema.optional(),
    /** Approvals only: the id of the object the action is approved for (e.g. the bike). */
    approval_object_id: z
      .string()
      .trim()
      .min(1, { error: 'required' })
      .max(200, { error: 'too_long' })
      .optional(),
    /** Defaults to the user's region: mitid in dk, bankid in no. */
    provider: NationalIdentityTypeSchema.optional(),
  })
  .superRefine((value, ctx) => approvalFieldsRule(value, ctx));

export type VerificationStart = z.infer<typeof VerificationStartSchema>;

export const VerificationStartResponseSchema = z.object({
  verification_url: z.string(),
  session_id: z.uuid(),
});
export type VerificationStartResponse = z.infer<typeof VerificationStartResponseSchema>;

function approvalFieldsRule(
  value: {
    verification_session_type?: VerificationSessionType;
    approval_action?: unknown;
    approval_object_id?: unknown;
  },
  ctx: z.RefinementCtx,
): void {
  const approval = value.verification_session_type === 'approval';
  for (const field of ['approval_action', 'approval_object_id'] as const) {
    if (approval && value[field] === undefined)
      ctx.addIssue({ code: 'custom', message: 'required', path: [field] });
    if (!approval && value[field] !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'invalid_value', path: [field] });
    }
  }
}

/**
 * Three ways to complete (SPEC §7):
 * - `{session_id, code}`: the provider sent the browser back with a code;
 * - `{session_id, error}`: the provider sent it back with an error (the person cancelled): the session
 *   is marked failed and the answer is 400 identity_verification_failed;
 * - `{verification_session_type, verification_type}`: the check is skipped (autotest+ accounts, when
 *   the deployment allows it); approvals name their action and object as when starting.
 */
export const VerificationCompleteSchema = z
  .object({
    session_id: z.uuid({ error: 'invalid_value' }).optional(),
    code: z.string().min(1, { error: 'required' }).max(2048, { error: 'too_long' }).optional(),
    error: z.string().min(1, { error: 'required' }).max(100, { error: 'too_long' }).optional(),
    /** The `iss` the provider sent back with the code (RFC 9207, protects against mix-up attacks). */
    iss: z.string().min(1, { error: 'required' }).max(500, { error: 'too_long' }).optional(),
    verification_session_type: VerificationSessionTypeSchema.optional(),
    verification_type: NationalIdentityTypeSchema.optional(),
    approval_action: ApprovalActionSchema.optional(),
    approval_object_id: z
      .string()
      .trim()
      .min(1, { error: 'required' })
      .max(200, { error: 'too_long' })
      .optional(),
  })
  .superRefine((value, ctx) => {
    const isSkip = value.verification_type !== undefined || value.verification_session_type !== undefined;
    if (isSkip) {
      if (value.verification_session_type === undefined) {
        ctx.addIssue({ code: 'custom', message: 'required', path: ['verification_session_type'] });
      }
      if (value.verification_type === undefined) {
        ctx.addIssue({ code: 'custom', message: 'required', path: ['verification_type'] });
      }
      for (const field of ['session_id', 'code', 'error', 'iss'] as const) {
        if (value[field] !== undefined)
          ctx.addIssue({ code: 'custom', message: 'invalid_value', path: [field] });
      }
      approvalFieldsRule(value, ctx);
      return;
    }
    if (value.session_id === undefined)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['session_id'] });
    if (value.code === undefined && value.error === undefined) {
      ctx.addIssue({ code: 'custom', message: 'required', path: ['code'] });
    }
    if (value.code !== undefined && value.error !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'invalid_value', path: ['error'] });
    }
    for (const field of ['approval_action', 'approval_object_id'] as const) {
      if (value[field] !== undefined)
        ctx.addIssue({ code: 'custom', message: 'invalid_value', path: [field] });
    }
  });
export type VerificationComplete = z.infer<typeof VerificationCompleteSchema>;

export const VerificationCompleteResponseSchema = z.object({
  authentication_token: z.string(),
  session_id: z.uuid(),
  session_task_result: SessionTaskResultSchema,
});
export type VerificationCompleteResponse = z.infer<typeof VerificationCompleteResponseSchema>;
