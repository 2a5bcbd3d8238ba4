import { z } from 'zod';
import { normaliseIdentifier } from './identifiers.ts';
import { EmailSchema } from './identity.ts';
import { LockApprovalSchema } from './insurance.ts';

/*
 * Lock tests (issue 16 §3, SPEC §3 "Lock tests: email, policyId"): an insurer asks the holder of one
 * of its policies to prove an approved lock — Varefakta in Denmark, FG in Norway (insurance.md §2.1,
 * §3.1). The holder answers with what the lock certificate says: the approval and its number (the
 * Varefakta VK-number or the FG approval), the lock's name, the key number, the frame number written
 * on the certificate (the register compares it with the bike's) and whether the retailer stamped and
 * dated it. The insurer approves or rejects with a reason; the holder is mailed at each step.
 */

/** Pictures one answer may carry (the certificate, front and back, and the lock on the bike). */
export const LOCK_TEST_MAX_PICTURES = 4;

export const LOCK_TEST_STATUSES = ['requested', 'answered', 'approved', 'rejected'] as const;
export const LockTestStatusSchema = z.enum(LOCK_TEST_STATUSES);
export type LockTestStatus = z.infer<typeof LockTestStatusSchema>;

/** A request or an answer still waits for someone: the insurer asks one at a time per policy. */
export function isOpenLockTest(status: LockTestStatus): boolean {
  return status === 'requested' || status === 'answered';
}

/** The holder may (re)write the answer until the insurer has decided. */
export function canAnswerLockTest(status: LockTestStatus): boolean {
  return isOpenLockTest(status);
}

/** Whether the frame number on the certificate is the bike's, however either was typed or stamped. */
export function frameNumbersMatch(onCertificate: string, registered: string | null): boolean {
  if (registered === null) return false;
  const certificate = normaliseIdentifier(onCertificate);
  return certificate !== '' && certificate === normaliseIdentifier(registered);
}

const text = (max: number) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'invalid_value' });

/** POST /api/insurance/{insurer}/lock-tests: the insurer asks the holder of a policy (by e-mail and policy id). */
export const LockTestRequestSchema = z
  .object({
    email: EmailSchema,
    /** The insurer's own policy number, or the register's policy id. */
    policy_id: text(100),
  })
  .strict();
export type LockTestRequest = z.infer<typeof LockTestRequestSchema>;

/** PUT /api/insurance/lock-tests/{id}/answer: what the holder's lock certificate says. */
export const LockTestAnswerSchema = z
  .object({
    approval: LockApprovalSchema,
    /** The Varefakta VK-number or the FG approval number printed on the certificate. */
    certificate_number: text(40),
    /** The lock's make and model as on the certificate. */
    lock_name: text(100),
    key_number: text(40),
    /** The insured bike the lock belongs to. */
    bike_id: z.uuid({ error: 'invalid_value' }),
    /** The frame number the certificate was filled in with. */
    certificate_frame_number: text(40),
    /** The retailer stamped and dated the certificate. */
    dealer_stamp: z.boolean({ error: 'required' }),
    /**
     * Pictures of the certificate and the lock: files of the named bike, uploaded as private
     * lock-proof pictures through the bike's own file call first.
     */
    picture_file_ids: z
      .array(z.uuid({ error: 'invalid_value' }))
      .max(LOCK_TEST_MAX_PICTURES, { error: 'invalid_value' })
      .optional()
      .default([]),
  })
  .strict();
export type LockTestAnswer = z.infer<typeof LockTestAnswerSchema>;

export const LOCK_TEST_DECISIONS = ['approved', 'rejected'] as const;

/** POST /api/insurance/lock-tests/{id}/decision: the insurer's verdict; a rejection says why. */
export const LockTestDecisionSchema = z
  .object({
    decision: z.enum(LOCK_TEST_DECISIONS, { error: 'invalid_value' }),
    reason: z.string().trim().max(1000, { error: 'invalid_value' }).optional().default(''),
  })
  .strict()
  .superRefine((decision, context) => {
    if (decision.decision === 'rejected' && decision.reason === '') {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    }
  });
export type LockTestDecision = z.infer<typeof LockTestDecisionSchema>;

export const LockTestParamsSchema = z.object({ id: z.string() });
export const InsurerLockTestParamsSchema = z.object({ insurer: z.string() });
export const LOCK_TESTS_PAGE_SIZE_MAX = 100;
/** GET /insurance/{insurer}/lock-tests — by status, newest first, a page at a time (like the insurer's policies). */
export const LockTestListQuerySchema = z
  .object({
    status: LockTestStatusSchema.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    page_size: z.coerce.number().int().min(1).max(LOCK_TESTS_PAGE_SIZE_MAX).default(25),
  })
  .strict();
export type LockTestListQuery = z.output<typeof LockTestListQuerySchema>;

// --- answers ------------------------------------------------------------------------------------------

/** A picture given with an answer, by signed address. */
export const LockTestPictureSchema = z.object({
  file_id: z.string(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
});
export type LockTestPicture = z.infer<typeof LockTestPictureSchema>;

export const LockTestAnswerViewSchema = z.object({
  approval: LockApprovalSchema,
  certificate_number: z.string(),
  lock_name: z.string(),
  key_number: z.string(),
  bike_id: z.string().nullable(),
  certificate_frame_number: z.string(),
  /** Computed by the register: the certificate's frame number is the bike's registered one. */
  frame_number_matches: z.boolean(),
  dealer_stamp: z.boolean(),
  /** Signed addresses of the pictures given with the answer. */
  pictures: z.array(LockTestPictureSchema),
  answered_at: z.string(),
});

/** A bike on the policy the holder can name in the answer. */
export const LockTestBikeSchema = z.object({
  bike_id: z.string(),
  nickname: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  frame_number: z.string().nullable(),
});

export const LockTestSchema = z.object({
  id: z.string(),
  insurer: z.object({ party_id: z.string(), name: z.string() }),
  policy: z.object({ id: z.string(), insurer_policy_number: z.string().nullable() }),
  /** The address the insurer asked; null in the holder's own answers (it is them). */
  requested_email: z.string().nullable(),
  /** Which approval the insurer accepts in the policy's region: varefakta (dk) or fg (no). */
  expected_approval: LockApprovalSchema,
  status: LockTestStatusSchema,
  bikes: z.array(LockTestBikeSchema),
  answer: LockTestAnswerViewSchema.nullable(),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LockTest = z.infer<typeof LockTestSchema>;

/** One page of lock tests, with how many there are in all for the filter. */
export const LockTestListSchema = z.object({
  items: z.array(LockTestSchema),
  total: z.int(),
  page: z.int(),
  page_size: z.int(),
});
export type LockTestList = z.infer<typeof LockTestListSchema>;
