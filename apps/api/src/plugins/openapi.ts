import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The zod route schemas become the OpenAPI document; a multipart route's `config.multipartBody`
 * becomes its documented request body (issue 10: POST /tickets showed none). Fastify does not
 * validate it: the handler reads the parts with its own limits.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const body = input.route.config?.multipartBody;
  return jsonSchemaTransform(body ? { ...input, schema: { ...input.schema, body } } : input);
};
