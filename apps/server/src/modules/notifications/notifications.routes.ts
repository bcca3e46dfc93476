/**
 * The signed-in user's notices (welcome, password and plan changes, the regret radar, regret caps):
 * GET /notifications lists the newest, POST /notifications/read marks those seen as read
 * (docs/DECISIONS.md #71).
 */
import { noContentResponse, notificationsReadBody, notificationsResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { writeAsUser } from '../../db/user-writes';
import { isoNow } from '../../lib/clock';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { listNotifications, markNotificationsRead } from './notifications.repo';

const NOTIFICATIONS_SHOWN = 50;

export default async function notificationsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get('/notifications', { ...auth, schema: { response: { 200: notificationsResponse } } }, async (request) => {
    const rows = await listNotifications(deps.db, currentUser(request).id, NOTIFICATIONS_SHOWN);
    return { notifications: rows };
  });

  routes.post(
    '/notifications/read',
    { ...auth, schema: { body: notificationsReadBody, response: { 204: noContentResponse } } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const readAt = isoNow(deps.clock);
      await writeAsUser(deps, userId, (trx) => markNotificationsRead(trx, userId, request.body.up_to_id, readAt));
      return reply.status(204).send(null);
    },
  );
}
