import { apiErrorSchema } from '@plume/core';

/** The error answers every authenticated route can give, for the OpenAPI document. */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
} as const;
