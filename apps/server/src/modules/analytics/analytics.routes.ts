import {
  analyticsQuerySchema,
  analyticsSchema,
  apiErrorSchema,
  metricsRefreshRequestSchema,
  metricsRefreshResultSchema,
  personaIdParamsSchema,
  usageSummarySchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-responses';
import type { MetricsService } from '../metrics/metrics.service';
import type { Access } from '../workspaces/access';
import type { AnalyticsService } from './analytics.service';

export function analyticsRoutes(deps: {
  access: Access;
  analytics: AnalyticsService;
  metrics: MetricsService;
  /** Refreshes a minute from one address (each reads every connected account, and X bills reads). */
  refreshRateLimit: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/usage',
      {
        schema: {
          tags: ['analytics'],
          summary:
            "Every persona's figures now against before (followers a month ago, posts the week before, engagement the month before): the cross-persona screen's captions",
          response: { 200: usageSummarySchema, ...errorResponses },
        },
      },
      async (request) => deps.analytics.usage(await deps.access.workspaceId(request.headers, 'read')),
    );

    app.post(
      '/api/metrics/refresh',
      {
        config: { rateLimit: { max: deps.refreshRateLimit, timeWindow: '1 minute' } },
        schema: {
          tags: ['analytics'],
          summary:
            "Refresh: reads the metrics of every connected account of the workspace's personas (or of `personaId`'s) now, in the background",
          body: metricsRefreshRequestSchema,
          response: { 202: metricsRefreshResultSchema, ...errorResponses, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const workspaceId = await deps.access.workspaceId(request.headers, 'write');
        return reply.status(202).send(await deps.metrics.refresh(workspaceId, request.body.personaId));
      },
    );

    app.get(
      '/api/personas/:id/analytics',
      {
        schema: {
          tags: ['analytics'],
          summary:
            "A persona's analytics over 7, 30 or 90 days in the workspace's zone: days, stat cards, key events, top posts, recommendations, the week's insights",
          params: personaIdParamsSchema,
          querystring: analyticsQuerySchema,
          response: { 200: analyticsSchema, ...errorResponses },
        },
      },
      async (request) =>
        deps.analytics.persona(
          await deps.access.workspaceId(request.headers, 'read'),
          request.params.id,
          request.query,
        ),
    );
  };
}
