export * from './api/errors';
export * from './api/health';
export * from './api/session';
export * from './auth-messages';
