import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers; the CSP is one the built app itself passes (no inline scripts). */
export async function registerSecurity(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toast and dialog libraries add <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Popups (sign in with X, account connections) talk to their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: options.https,
  });
}
