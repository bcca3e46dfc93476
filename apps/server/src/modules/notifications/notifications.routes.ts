/** GET /notifications: the signed-in user's notices (welcome, password changes, plan changes). */
import { notificationsResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { listNotifications } from './notifications.repo';

const NOTIFICATIONS_SHOWN = 50;

export default async function notificationsRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/notifications',
    { onRequest: app.authenticate, schema: { response: { 200: notificationsResponse } } },
    async (request) => {
      const rows = await listNotifications(deps.db, currentUser(request).id, NOTIFICATIONS_SHOWN);
      return { notifications: rows };
    },
  );
}
