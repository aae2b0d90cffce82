import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { menuRoutes } from './menu/routes.js';

/** Every API module, registered under the API base path. One folder per domain. */
export const apiModules: FastifyPluginAsync[] = [authRoutes, menuRoutes];
