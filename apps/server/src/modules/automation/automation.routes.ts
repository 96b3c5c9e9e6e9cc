import {
  automationActionParamsSchema,
  automationActivityQuerySchema,
  automationActivitySchema,
  automationPlanSchema,
  personaIdParamsSchema,
  personaSchema,
} from '@plume/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import type { EngagementService } from '../engagement/engagement.service';
import type { Access } from '../workspaces/access';
import type { AutoPostingService } from './auto-posting.service';
import type { AutomationService } from './automation.service';
import type { AutomationPause } from './pause';

export function automationRoutes(deps: {
  access: Access;
  automation: AutomationService;
  autoPosting: AutoPostingService;
  engagement: Pick<EngagementService, 'undo'>;
  pause: Pick<AutomationPause, 'resume'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/personas/:id/automation/activity',
      {
        schema: {
          tags: ['automation'],
          summary: "What a persona's automation did today (posts, replies, engagement actions, time saved)",
          params: personaIdParamsSchema,
          querystring: automationActivityQuerySchema,
          response: { 200: automationActivitySchema, ...errorResponses },
        },
      },
      async (request) =>
        deps.automation.activity(
          await deps.access.workspaceId(request.headers, 'read'),
          request.params.id,
          request.query.timeZone,
        ),
    );

    app.get(
      '/api/personas/:id/automation/plan',
      {
        schema: {
          tags: ['automation'],
          summary: "A persona's next posting slots with the posts written for them, and what automation did",
          params: personaIdParamsSchema,
          response: { 200: automationPlanSchema, ...errorResponses },
        },
      },
      async (request) =>
        deps.autoPosting.plan(await deps.access.workspaceId(request.headers, 'read'), request.params.id),
    );

    app.post(
      '/api/personas/:id/automation/resume',
      {
        schema: {
          tags: ['automation'],
          summary: "Resumes a persona's automation after it paused itself (its `automation_pause` is cleared)",
          params: personaIdParamsSchema,
          response: { 200: personaSchema, ...errorResponses },
        },
      },
      async (request) => deps.pause.resume(await deps.access.workspaceId(request.headers, 'write'), request.params.id),
    );

    app.post(
      '/api/personas/:id/automation/actions/:actionId/undo',
      {
        schema: {
          tags: ['automation'],
          summary: 'Takes back a like, repost or follow automation made (deletes it on Bluesky)',
          params: automationActionParamsSchema,
          response: { 200: z.object({ undone: z.literal(true) }), ...errorResponses },
        },
      },
      async (request) =>
        deps.engagement.undo(
          await deps.access.workspaceId(request.headers, 'write'),
          request.params.id,
          request.params.actionId,
        ),
    );
  };
}
