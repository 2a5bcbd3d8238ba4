import { PolicySchema } from '@nbr/domain/insurance';
import {
  AcceptPolicySchema,
  InsurerBikeSchema,
  InsurerParamsSchema,
  InsurerPolicyBikeParamsSchema,
  InsurerPolicyPageSchema,
  InsurerPolicyParamsSchema,
  InsurerPolicyQuerySchema,
  InsurerProductParamsSchema,
  InsurerProductUpdateSchema,
  PolicyEndSchema,
  PreRegistrationUploadResultSchema,
  PreRegistrationUploadSchema,
  SharedTheftReportListSchema,
} from '@nbr/domain/insurance-admin';
import { InsuranceOfferListSchema, InsuranceOfferSchema } from '@nbr/domain/insurance-signup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import type { InsurerAdminDeps } from './insurance.deps.ts';
import * as service from './insurer-admin.service.ts';
import * as products from './insurer-products.service.ts';

const TAGS = ['insurance'];
const WHO = 'For the staff of the insurer acting for it; our backoffice staff may read; 404 for anyone else';

/**
 * The insurer's admin (issue 16 §4): its policies and its decisions on them, one insured bike, the
 * upload of its existing contents customers and the theft reports owners shared with it.
 */
export const insurerAdminRoutes: FastifyPluginAsyncZod<{ deps: InsurerAdminDeps }> = async (app, options) => {
  const { deps } = options;

  app.get(
    '/insurance/:insurer/admin/policies',
    {
      schema: {
        tags: TAGS,
        summary: `The insurer’s policies, newest first, with their holders; filter by status, search q in the holder’s name or e-mail or the policy number; paged. ${WHO}`,
        params: InsurerParamsSchema,
        querystring: InsurerPolicyQuerySchema,
        response: { 200: InsurerPolicyPageSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      service.listInsurerPolicies(deps, requireAuth(request), request.params.insurer, request.query),
  );

  app.get(
    '/insurance/:insurer/admin/products',
    {
      schema: {
        tags: TAGS,
        summary: `The insurer’s live covers: names, terms, tariff, accepted locks, required uploads. ${WHO}`,
        params: InsurerParamsSchema,
        response: { 200: InsuranceOfferListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => products.listInsurerProducts(deps, requireAuth(request), request.params.insurer),
  );

  app.put(
    '/insurance/:insurer/admin/products/:coverKind',
    {
      schema: {
        tags: TAGS,
        summary:
          'Change a cover the insurer sells (terms in da/en/no, accepted locks of its region, required uploads, tariff): saved as a new version, audited with before and after; policies keep the version they were priced by. For the insurer’s admins (403 for its other staff; 404 for anyone else or a cover it does not sell)',
        params: InsurerProductParamsSchema,
        body: InsurerProductUpdateSchema,
        response: { 200: InsuranceOfferSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      products.updateInsurerProduct(
        deps,
        requireAuth(request),
        request.params.insurer,
        request.params.coverKind,
        request.body,
      ),
  );

  app.post(
    '/insurance/:insurer/admin/policies/:policyId/accept',
    {
      schema: {
        tags: TAGS,
        summary:
          'Accept an application with the insurer’s own policy number (unique per insurer): the policy is active and the holder mailed. 409 policy_decision_invalid unless an application. For the insurer’s staff only',
        params: InsurerPolicyParamsSchema,
        body: AcceptPolicySchema,
        response: { 200: PolicySchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      service.acceptPolicy(
        deps,
        requireAuth(request),
        request.params.insurer,
        request.params.policyId,
        request.body,
      ),
  );

  app.post(
    '/insurance/:insurer/admin/policies/:policyId/reject',
    {
      schema: {
        tags: TAGS,
        summary:
          'Reject an application with a reason: the policy is cancelled and the holder mailed the reason. For the insurer’s staff only',
        params: InsurerPolicyParamsSchema,
        body: PolicyEndSchema,
        response: { 200: PolicySchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      service.rejectPolicy(
        deps,
        requireAuth(request),
        request.params.insurer,
        request.params.policyId,
        request.body,
      ),
  );

  app.post(
    '/insurance/:insurer/admin/policies/:policyId/cancel',
    {
      schema: {
        tags: TAGS,
        summary:
          'Cancel an active policy with a reason: the holder is mailed the reason. For the insurer’s staff only',
        params: InsurerPolicyParamsSchema,
        body: PolicyEndSchema,
        response: { 200: PolicySchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      service.cancelPolicy(
        deps,
        requireAuth(request),
        request.params.insurer,
        request.params.policyId,
        request.body,
      ),
  );

  app.get(
    '/insurance/:insurer/admin/policies/:policyId/bikes/:bikeId',
    {
      schema: {
        tags: TAGS,
        summary: `A bike on the insurer’s policy as the register knows it (no owner data beyond the holder’s name), with the theft report the owner shared and its claim. ${WHO}`,
        params: InsurerPolicyBikeParamsSchema,
        response: { 200: InsurerBikeSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      service.getInsuredBike(
        deps,
        requireAuth(request),
        request.params.insurer,
        request.params.policyId,
        request.params.bikeId,
      ),
  );

  app.post(
    '/insurance/:insurer/admin/pre-registrations',
    {
      schema: {
        tags: TAGS,
        summary:
          'Upload the insurer’s existing contents customers as CSV (columns insurer_policy_id, holder_email, holder_name). Any bad row answers 422 with each problem at [body, csv, line, column] and nothing is stored. For the insurer’s staff only',
        params: InsurerParamsSchema,
        body: PreRegistrationUploadSchema,
        response: { 200: PreRegistrationUploadResultSchema },
      },
      config: { access: 'signed_in_self' },
      // 5,000 rows of up to 200 characters, some of them two bytes in UTF-8, inside JSON.
      bodyLimit: 3 * 1024 * 1024,
    },
    async (request) =>
      service.uploadPreRegistrations(deps, requireAuth(request), request.params.insurer, request.body.csv),
  );

  app.get(
    '/insurance/:insurer/admin/theft-reports',
    {
      schema: {
        tags: TAGS,
        summary: `The theft reports of the insurer’s insured bikes whose owners let them be shared with it (not withdrawn), newest first, with the claim paid on each. ${WHO}`,
        params: InsurerParamsSchema,
        response: { 200: SharedTheftReportListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listSharedTheftReports(deps, requireAuth(request), request.params.insurer),
  );
};
