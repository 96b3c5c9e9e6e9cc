import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_PATH, MCP_SERVER_NAME, mcpRequestSchema, roleMay } from '@plume/core';
import type { FastifyBaseLogger, FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { describeError } from '../../plugins/errors';
import { type Access, type Principal, roleRefusal } from '../workspaces/access';
import { actorOf } from '../workspaces/approval';
import type { McpTool } from './mcp.tools';

/** The headers of the client's request the MCP transport reads (what it accepts, the protocol version). */
const FORWARDED_HEADERS = ['accept', 'content-type', 'mcp-protocol-version'] as const;

/**
 * A tool's input as JSON Schema (what the client is given): the input side (defaults optional), and
 * a schema with an id of its own (`ScheduleCreate`) inlined, since MCP wants `type: object` on top.
 */
export function inputJsonSchema(schema: z.ZodType): Tool['inputSchema'] {
  const { $ref, $defs, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const name = typeof $ref === 'string' ? $ref.replace('#/$defs/', '') : undefined;
  const { [name ?? '']: top, ...others } = $defs ?? {};
  const defs = Object.keys(others).length > 0 ? { $defs: others } : {};
  if (top && typeof top === 'object') return { ...json, ...top, ...defs } as Tool['inputSchema'];
  return { ...json, ...($defs ? { $defs } : {}) } as Tool['inputSchema'];
}

/** `arguments.topic: …`: the argument at fault named as the API names a field (`body.topic: …`). */
function invalidArguments(error: z.ZodError): string {
  return error.issues.map((i) => `${['arguments', ...i.path.map(String)].join('.')}: ${i.message}`).join('; ');
}

const errorResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/**
 * One MCP server for one request of `principal`'s; each tool asks the caller's role first (stateless: nothing is kept between requests). A
 * tool's failure is its result (`isError`) with the API's own message; 5xx detail is logged, not told.
 */
function serverFor(
  principal: Principal,
  catalog: { byName: Map<string, McpTool>; listed: Tool[] },
  version: string,
  log: FastifyBaseLogger,
): Server {
  const { byName, listed } = catalog;
  const server = new Server(
    { name: MCP_SERVER_NAME, title: 'Plume', version },
    {
      capabilities: { tools: {} },
      instructions:
        'Plume writes and schedules social posts as personas. Start with list_personas; drafts you write go to the review queue for a person to approve, and nothing is published without that or an explicit schedule_post.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    // An unknown tool is the protocol's error (invalid params), not a tool's.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `There is no tool named ${request.params.name}`);
    const input = await tool.input.safeParseAsync(request.params.arguments ?? {});
    if (!input.success) return errorResult(invalidArguments(input.error));
    try {
      if (!roleMay(principal.role, tool.action)) return errorResult(roleRefusal(principal.role, tool.action));
      const result = await tool.run(principal.workspaceId, input.data, actorOf(principal));
      return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }] };
    } catch (error) {
      const described = describeError(error as FastifyError);
      if (described.statusCode >= 500) log.error({ err: error, tool: tool.name }, 'MCP tool failed');
      else log.info({ code: described.code, status: described.statusCode, tool: tool.name }, described.message);
      return errorResult(described.message);
    }
  });
  return server;
}

export function mcpRoutes(deps: { access: Access; tools: McpTool[]; version: string }): FastifyPluginAsyncZod {
  const { access, tools, version } = deps;
  // What tools/list answers, worked out once (the schemas do not change between requests).
  const catalog = {
    byName: new Map(tools.map((t) => [t.name, t])),
    listed: tools.map(
      (t): Tool => ({
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: inputJsonSchema(t.input),
        annotations: {
          title: t.title,
          readOnlyHint: t.readOnly,
          destructiveHint: t.destructive ?? false,
          openWorldHint: false,
        },
      }),
    ),
  };
  return async (app) => {
    app.post(
      MCP_PATH,
      {
        schema: {
          tags: ['mcp'],
          summary:
            "The Model Context Protocol (Streamable HTTP, JSON answers, no session) with a personal API token: tools to read personas and their voice, write drafts into the review queue, act on the queue, schedule, read the calendar and analytics. A tool's error is its result (`isError`) with the API's message",
          body: mcpRequestSchema,
          response: { 200: z.looseObject({ jsonrpc: z.literal('2.0') }), ...errorResponses },
        },
      },
      async (request, reply) => {
        const principal = await access.require(request.headers, 'read');
        const headers = new Headers();
        for (const name of FORWARDED_HEADERS) {
          const value = request.headers[name];
          if (typeof value === 'string') headers.set(name, value);
        }
        const server = serverFor(principal, catalog, version, request.log);
        // JSON answers, not an event stream: every tool answers once, so the reply goes through
        // Fastify like any other (its headers, its logging) rather than around it.
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        await server.connect(transport);
        try {
          const answer = await transport.handleRequest(
            new Request(new URL(request.url, 'http://plume.invalid'), { method: 'POST', headers }),
            { parsedBody: request.body },
          );
          // The transport's answer as it is: any of its statuses (202 for a notification, its own
          // JSON-RPC errors), its JSON already serialized.
          const out = reply as FastifyReply;
          out.status(answer.status);
          answer.headers.forEach((value, name) => {
            out.header(name, value);
          });
          return out.send(await answer.text());
        } finally {
          await server.close();
        }
      },
    );

    // Nothing is sent unasked and no session is kept: a client's event stream (GET) and session end
    // (DELETE) are answered as the protocol says a server without them answers (405).
    for (const method of ['GET', 'DELETE'] as const) {
      app.route({
        method,
        url: MCP_PATH,
        schema: { hide: true },
        handler: async (_request, reply) =>
          reply
            .status(405)
            .header('allow', 'POST')
            .send({
              error: {
                code: 'method_not_allowed',
                message: `This MCP server keeps no session and sends nothing unasked: POST each message to ${MCP_PATH}`,
              },
            }),
      });
    }
  };
}
