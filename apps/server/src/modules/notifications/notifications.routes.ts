/**
 * The signed-in user's notices (welcome, password and plan changes, the regret radar, regret caps):
 * GET /notifications lists the newest, POST /notifications/read marks those seen as read
 * (docs/DECISIONS.md #71).
 */
import { noContentResponse, notificationsReadBody, notificationsResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { writeInBook } from '../../db/book-scope';
import { isoNow } from '../../lib/clock';
import type { AppDeps } from '../../deps';
import { currentBook } from '../../plugins/auth';
import { listNotifications, markNotificationsRead } from './notifications.repo';
import { apiPath } from '../../plugins/route-paths';

const NOTIFICATIONS_SHOWN = 50;

export default async function notificationsRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get(apiPath('listNotifications'), { ...auth, schema: { response: { 200: notificationsResponse } } }, async (request) => {
    const rows = await listNotifications(deps.db, currentBook(request), NOTIFICATIONS_SHOWN);
    return { notifications: rows };
  });

  routes.post(
    apiPath('markNotificationsRead'),
    { ...auth, schema: { body: notificationsReadBody, response: { 204: noContentResponse } } },
    async (request, reply) => {
      const scope = currentBook(request);
      const readAt = isoNow(deps.clock);
      await writeInBook(deps, scope, (trx) => markNotificationsRead(trx, scope, request.body.up_to_id, readAt));
      return reply.status(204).send(null);
    },
  );
}
