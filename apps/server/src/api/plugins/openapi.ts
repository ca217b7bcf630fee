import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';

/** OpenAPI at /openapi.json, generated from the contract's zod schemas, with a reference page at /docs. */
export const openApi = fp<{ deps: AppDeps }>(async (app, { deps }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'クラウドサイン 企業管理コンソール API', version: '1.0.0' },
      servers: [{ url: deps.env.API_URL }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The reference page and its assets are public. The hook must exist before swagger-ui registers its
  // routes: onRoute only sees routes added after it, so added later it marked nothing and /docs answered 401.
  app.addHook('onRoute', (route) => {
    if (route.url === '/docs' || route.url.startsWith('/docs/'))
      route.config = { ...(route.config as object), isPublic: true };
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/openapi.json', { config: { isPublic: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
