/**
 * The MCP server's tools (issue 34, decision 050-mcp-server): what each takes. A tool that does what
 * a REST call does takes that call's schema (POST /api/review, POST /api/schedule); only what is new
 * to a tool (an id beside a body, a list as an array rather than comma-separated text, a boolean
 * rather than 'true') is defined here.
 */
import { z } from 'zod';
import { ANALYTICS_RANGES } from '../analytics/analytics';
import { PAGE_DEFAULT, pageQuerySchema } from '../api/paging';
import { platformSchema } from '../platforms/platform-schema';
import { POST_STATUSES } from '../publishing/publishing';
import { reviewApproveSchema, scheduleQuerySchema, scheduleUpdateSchema } from '../scheduling/scheduling';
import { generateRequestSchema } from '../writing/api';

/** Where the MCP server answers (Streamable HTTP, POST only: it keeps no session). */
export const MCP_PATH = '/api/mcp';
/** The name the server gives itself in the MCP handshake. */
export const MCP_SERVER_NAME = 'plume';

const personaId = z.uuid('must be a persona id').describe("The persona's id (list_personas gives them)");
const itemId = z.uuid('must be an item id').describe("The post's id (list_review_queue and read_calendar give them)");

/**
 * One JSON-RPC message, or a batch of them (protocol versions before 2025-06-18): the body the
 * route takes. The MCP SDK checks the rest; this keeps what is plainly not JSON-RPC a 400 of ours.
 */
const jsonRpcMessage = z.looseObject({ jsonrpc: z.literal('2.0', 'must be "2.0"') });
export const mcpRequestSchema = z
  .union([jsonRpcMessage, z.array(jsonRpcMessage).min(1, 'must hold at least one message').max(100)])
  .meta({ id: 'McpRequest', description: 'A JSON-RPC 2.0 message of the Model Context Protocol' });

export const mcpNoInputSchema = z.object({});

/** get_persona_voice: one persona of the user's. */
export const mcpPersonaSchema = z.object({ personaId });

/** write_drafts: Plume's writer writes posts in the persona's voice; each waits in the review queue. */
export const mcpWriteDraftsSchema = generateRequestSchema.pick({ type: true, topic: true, hashtags: true }).extend({
  personaId,
  platform: platformSchema.describe('The network the drafts are for (their length follows its limits)'),
  count: z.number().int().min(1).max(10).default(1).describe('How many drafts to write, 1 to 10'),
});
export type McpWriteDrafts = z.infer<typeof mcpWriteDraftsSchema>;

/** list_review_queue: the drafts waiting for a person, of one persona or all. */
export const mcpReviewQueueSchema = z.object({ personaId: personaId.optional() });

/** approve_draft: POST /api/review/{id}/approve as one set of arguments. */
export const mcpApproveSchema = reviewApproveSchema.safeExtend({ id: itemId });
export type McpApprove = z.infer<typeof mcpApproveSchema>;

/** reject_draft, and anything else that names one post. */
export const mcpItemSchema = z.object({ id: itemId });

/** reschedule_post: PATCH /api/schedule/{id} as one set of arguments. */
export const mcpRescheduleSchema = scheduleUpdateSchema.extend({ id: itemId });
export type McpReschedule = z.infer<typeof mcpRescheduleSchema>;

/** read_calendar: GET /api/schedule, a page at a time (PAGE_DEFAULT unless `limit`), statuses as a list. */
export const mcpCalendarSchema = scheduleQuerySchema.omit({ status: true }).extend({
  status: z.array(z.enum(POST_STATUSES)).max(POST_STATUSES.length).optional(),
  limit: pageQuerySchema.shape.limit.describe(`Posts a page, at most 200 (${PAGE_DEFAULT} unless given)`),
});
export type McpCalendar = z.infer<typeof mcpCalendarSchema>;

/** read_analytics: one persona's analytics over a range, or with no persona every persona's figures. */
export const mcpAnalyticsSchema = z.object({
  personaId: personaId.optional(),
  range: z.enum(ANALYTICS_RANGES).default('30d').describe("One persona's range: 7, 30 or 90 days"),
  compare: z.boolean().default(false).describe("One persona's figures against the period before"),
});
export type McpAnalytics = z.infer<typeof mcpAnalyticsSchema>;
