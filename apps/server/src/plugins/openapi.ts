import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document at /api/openapi.json, generated from the zod schemas; docs at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Plume API', version, description: 'AI persona studio for social media.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'plume.session_token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets one inline style at run time.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
