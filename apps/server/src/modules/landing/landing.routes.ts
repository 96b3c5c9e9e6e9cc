import {
  apiErrorSchema,
  demoSampleRequestSchema,
  demoSampleResponseSchema,
  landingMetricsSchema,
  personaOfTheDayResponseSchema,
  recentPostListSchema,
  recentPostsQuerySchema,
} from '@plume/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WritingService } from '../writing/writing.service';
import type { LandingService } from './landing.service';

const tags = ['landing'];
/**
 * Public and the same for everyone: browsers and shared caches may keep it a minute, and no
 * longer (an owner who makes a persona private expects it gone soon).
 */
export const LANDING_CACHE_CONTROL = 'public, max-age=60';

const cacheable = (reply: FastifyReply) => reply.header('cache-control', LANDING_CACHE_CONTROL);

export function landingRoutes(deps: {
  landing: LandingService;
  writing: WritingService;
  /** Demo samples a minute from one address. */
  rateLimit: number;
}): FastifyPluginAsyncZod {
  const { landing, writing } = deps;
  return async (app) => {
    app.get(
      '/api/landing/persona-of-the-day',
      {
        schema: {
          tags,
          summary:
            'Public: one persona a day (UTC) among those their owners show on the landing page, with its real figures; null when none is public',
          response: { 200: personaOfTheDayResponseSchema },
        },
      },
      async (_request, reply) => {
        cacheable(reply);
        return landing.personaOfTheDay();
      },
    );

    app.get(
      '/api/landing/recent-posts',
      {
        schema: {
          tags,
          summary: 'Public: the latest posts published by personas shown on the landing page, newest first',
          querystring: recentPostsQuerySchema,
          response: { 200: recentPostListSchema, 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        cacheable(reply);
        return landing.recentPosts(request.query.limit);
      },
    );

    app.get(
      '/api/landing/metrics',
      {
        schema: {
          tags,
          summary:
            'Public: posts published, active users (30 days), uptime (30 days) and the median time from sign-up to a first persona',
          response: { 200: landingMetricsSchema },
        },
      },
      async (_request, reply) => {
        cacheable(reply);
        return landing.metrics();
      },
    );

    app.post(
      '/api/demo/sample',
      {
        config: {
          rateLimit: {
            max: deps.rateLimit,
            timeWindow: 60_000,
            keyGenerator: (request: FastifyRequest) => `demo|${request.ip}`,
          },
        },
        schema: {
          tags,
          summary:
            "Public: the landing demo's Generate, one short sample in a voice set by the given traits, written by the server's default writer (the offline composer without AI_*); never stored",
          body: demoSampleRequestSchema,
          response: { 200: demoSampleResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return writing.demoSample(request.body, (error) =>
          request.log.warn({ err: error }, 'the demo sample fell back to the offline composer'),
        );
      },
    );
  };
}
