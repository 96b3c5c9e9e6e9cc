import {
  apiErrorSchema,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookIdParamsSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { Access } from '../workspaces/access';
import type { WebhooksService } from './webhooks.service';

/** Test events one address may send a minute. */
const TESTS_A_MINUTE = 20;

/** Webhooks (decision 054): the workspace's endpoints, their secrets, deliveries and the test button. */
export function webhooksRoutes(deps: { access: Access; webhooks: WebhooksService }): FastifyPluginAsyncZod {
  const { access, webhooks } = deps;
  return async (app) => {
    app.get(
      '/api/webhooks',
      {
        // No Idempotency-Key: its answer holds the signing secret, which Plume keeps only sealed (decision 051).
        config: { idempotent: false },
        schema: {
          tags: ['webhooks'],
          summary: 'The webhook endpoints: URL, events, on or off (and why Plume turned one off), never the secret',
          response: { 200: webhookEndpointListSchema, ...errorResponses },
        },
      },
      async (request) => webhooks.list(await access.workspaceId(request.headers, 'read')),
    );

    app.post(
      '/api/webhooks',
      {
        schema: {
          tags: ['webhooks'],
          summary:
            'Registers a URL for events; the signing secret is in this answer only. A private or loopback address is refused (WEBHOOKS_ALLOW_PRIVATE)',
          body: webhookCreateSchema,
          response: { 201: webhookWithSecretSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await webhooks.create(await access.workspaceId(request.headers, 'manage'), request.body)),
    );

    app.patch(
      '/api/webhooks/:id',
      {
        schema: {
          tags: ['webhooks'],
          summary:
            'Changes the URL, the events or whether it is on; turned on again, its count of failures starts over',
          params: webhookIdParamsSchema,
          body: webhookUpdateSchema,
          response: { 200: webhookEndpointSchema, ...errorResponses },
        },
      },
      async (request) =>
        webhooks.update(await access.workspaceId(request.headers, 'manage'), request.params.id, request.body),
    );

    app.delete(
      '/api/webhooks/:id',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Deletes the endpoint and its delivery log; deliveries still waiting are not sent',
          params: webhookIdParamsSchema,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await webhooks.remove(await access.workspaceId(request.headers, 'manage'), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/webhooks/:id/secret',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Replaces the signing secret; the new one is in this answer only, and the old one stops at once',
          params: webhookIdParamsSchema,
          response: { 200: webhookWithSecretSchema, ...errorResponses },
        },
      },
      async (request) => webhooks.rotateSecret(await access.workspaceId(request.headers, 'manage'), request.params.id),
    );

    app.get(
      '/api/webhooks/:id/deliveries',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'The newest 50 deliveries: event, status, attempts, the receiver’s status code and the time',
          params: webhookIdParamsSchema,
          response: { 200: webhookDeliveryListSchema, ...errorResponses },
        },
      },
      async (request) => webhooks.deliveries(await access.workspaceId(request.headers, 'read'), request.params.id),
    );

    app.post(
      '/api/webhooks/:id/test',
      {
        // Each test is a request to the workspace's server: a few a minute from one address.
        config: { rateLimit: { max: TESTS_A_MINUTE, timeWindow: '1 minute' } },
        schema: {
          tags: ['webhooks'],
          summary: `Sends a signed webhook.test event now, once, and answers the delivery as logged (${TESTS_A_MINUTE} a minute)`,
          params: webhookIdParamsSchema,
          response: { 200: webhookDeliverySchema, ...errorResponses, 429: apiErrorSchema },
        },
      },
      async (request) => webhooks.test(await access.workspaceId(request.headers, 'manage'), request.params.id),
    );
  };
}
