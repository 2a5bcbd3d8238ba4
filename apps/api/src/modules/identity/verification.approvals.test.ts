import { APPROVAL_ACTIONS, type ApprovalAction } from '@nbr/domain/national-identity';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { verificationSessions } from '../../db/schema/identity.ts';
import { requireAuth } from '../../platform/auth/access.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, claimsOf } from '../../test/identity-helpers.ts';
import { signUpConfirmedUser, verifyThroughDevProvider } from '../../test/verification-helpers.ts';
import { consumeApproval } from './verification.service.ts';

/** A stand-in for a use case that needs an approval (report found, delete a bike with identifiers). */
function approvalGatedRoute(app: FastifyInstance): void {
  app.post(
    '/api/test/approved-actions/:action/:objectId',
    {
      schema: { params: z.object({ action: z.enum(APPROVAL_ACTIONS), objectId: z.string() }) },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      const { action, objectId } = request.params as { action: ApprovalAction; objectId: string };
      await app.db.transaction((tx) =>
        consumeApproval(tx, { identityPartyId: requireAuth(request).identityPartyId, action, objectId }),
      );
      return reply.code(204).send();
    },
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extend: approvalGatedRoute });
});
afterAll(async () => t?.close());

const act = (token: string, action: string, objectId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/test/approved-actions/${action}/${objectId}`,
    headers: bearer(token),
  });

const approval = (action: string, objectId: string) => ({
  verification_session_type: 'approval',
  approval_action: action,
  approval_object_id: objectId,
  success_url: `/app/bikes/${objectId}`,
  failure_url: `/app/bikes/${objectId}?approval=failed`,
});

describe('approvals: one action on one object, consumed once', () => {
  it('refuses the action without an approval', async () => {
    const user = await signUpConfirmedUser(t.app);
    const response = await act(user.token, 'delete_bike', 'bike-1');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('approval_required');
  });

  it('allows the approved action exactly once, and an approval also verifies an unverified account', async () => {
    const user = await signUpConfirmedUser(t.app);
    const approved = await verifyThroughDevProvider(t.app, user.token, {
      body: approval('delete_bike', 'bike-1'),
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().session_task_result).toBe('approved');
    expect(claimsOf(approved.json().authentication_token).verified_on).toEqual(expect.any(String));

    expect((await act(user.token, 'delete_bike', 'bike-2')).statusCode).toBe(403);
    expect((await act(user.token, 'report_found', 'bike-1')).statusCode).toBe(403);
    expect((await act(user.token, 'delete_bike', 'bike-1')).statusCode).toBe(204);
    const again = await act(user.token, 'delete_bike', 'bike-1');
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('approval_required');
  });

  it('does not let another user spend someone’s approval', async () => {
    const owner = await signUpConfirmedUser(t.app);
    const other = await signUpConfirmedUser(t.app);
    await verifyThroughDevProvider(t.app, owner.token, { body: approval('report_found', 'bike-9') });
    expect((await act(other.token, 'report_found', 'bike-9')).statusCode).toBe(403);
    expect((await act(owner.token, 'report_found', 'bike-9')).statusCode).toBe(204);
  });

  it('refuses an approval that is too old, or that was never completed', async () => {
    const user = await signUpConfirmedUser(t.app);
    const approved = await verifyThroughDevProvider(t.app, user.token, {
      body: approval('delete_bike', 'bike-3'),
    });
    await t.database.db
      .update(verificationSessions)
      .set({ completedAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(verificationSessions.id, approved.json().session_id));
    expect((await act(user.token, 'delete_bike', 'bike-3')).statusCode).toBe(403);

    await t.app.inject({
      method: 'POST',
      url: '/api/identities/verifications/',
      headers: bearer(user.token),
      payload: approval('delete_bike', 'bike-4'),
    });
    expect((await act(user.token, 'delete_bike', 'bike-4')).statusCode).toBe(403);
  });

  it('spends an approval only once under concurrent use', async () => {
    const user = await signUpConfirmedUser(t.app);
    await verifyThroughDevProvider(t.app, user.token, { body: approval('delete_bike', 'bike-5') });
    const answers = await Promise.all([1, 2, 3].map(() => act(user.token, 'delete_bike', 'bike-5')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 403, 403]);
  });
});
