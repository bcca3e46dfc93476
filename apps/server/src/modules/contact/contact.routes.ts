/** POST /contact: the support form, open to visitors and signed-in users alike. */
import { contactBody, messageResponse } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { rateLimited } from '../../plugins/security';
import { sendContactMessage } from './contact.service';
import { apiPath } from '../../plugins/route-paths';

export default async function contactRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    apiPath('sendContactMessage'),
    {
      onRequest: app.identify,
      config: rateLimited(deps.config.AUTH_RATE_LIMIT_PER_MINUTE),
      schema: { body: contactBody, response: { 201: messageResponse } },
    },
    async (request, reply) => reply.status(201).send(await sendContactMessage(deps, request.user, request.body)),
  );
}
