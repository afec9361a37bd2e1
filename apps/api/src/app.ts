import Fastify, { type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from './app-deps';
import { authPlugin } from './auth/auth-plugin';
import { createAuthService } from './auth/auth-service';
import { LoginThrottle } from './auth/login-throttle';
import { registerErrorHandler } from './http/error-handler';
import { registerMethodOverride } from './http/method-override';
import { registerMultipart } from './http/multipart';
import { adminModules } from './modules/admin-modules';
import { storageRoutes } from './storage/storage-routes';
import { serveDashboard } from './web/serve-dashboard';

export type AppOptions = AppDeps & {
  corsOrigins?: string[];
  tokenTtlHours?: number;
  loginLimits?: { maxPerAccount: number; maxPerAddress: number; windowMs: number };
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
};

// Missing fields get the contract's "required" key instead of zod's type message.
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'required' : undefined),
});

/** Nothing that identifies a patient or a secret reaches the logs: no bodies, no query strings, no tokens. */
export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  serializers: {
    req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
  },
});

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerMethodOverride(app);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        objectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        // The product is often served over plain http on a LAN address: do not force https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await app.register(cors, { origin: options.corsOrigins?.length ? options.corsOrigins : false, credentials: false });
  await registerMultipart(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Sehha admin API', version: '1.0.0', description: 'Administration API of the Sehha healthcare directory. Laravel JSON conventions.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const throttle = new LoginThrottle(options.loginLimits ?? { maxPerAccount: 5, maxPerAddress: 30, windowMs: 15 * 60_000 });
  const auth = createAuthService({ db: options.db, throttle, tokenTtlHours: options.tokenTtlHours ?? 12 });
  await app.register(authPlugin, { auth });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  for (const module of adminModules) await app.register(module, options);
  await app.register(storageRoutes, { storage: options.storage, signer: options.signer });
  if (options.webDistDir) await app.register(serveDashboard, { root: options.webDistDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
