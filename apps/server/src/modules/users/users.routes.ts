/** GET /user, PATCH and DELETE /users/{id}, GET /month (POST /users/change-password is auth's). */
import { deleteUserBody, idParams, monthResponse, noContentResponse, updateUserBody, userSchema } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { ACCOUNT_MANAGEMENT } from '../../plugins/personal-tokens';
import { presentUser } from './user.presenter';
import { currentMonth, deleteAccount, updateProfile } from './users.service';
import { apiPath } from '../../plugins/route-paths';

export default async function usersRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  // Editing the profile (e-mail included) and deleting the account refuse personal tokens (DECISIONS.md #39).
  const accountAuth = { ...auth, config: ACCOUNT_MANAGEMENT };
  const userResponse = { 200: z.object({ user: userSchema }) };

  routes.get(apiPath('getCurrentUser'), { ...auth, schema: { response: userResponse } }, async (request) => ({
    user: presentUser(currentUser(request), deps.clock.now()),
  }));

  routes.patch(
    apiPath('updateUser'),
    { ...accountAuth, schema: { params: idParams, body: updateUserBody, response: userResponse } },
    async (request) => ({ user: await updateProfile(deps, currentUser(request), request.params.id, request.body, { tokenHash: request.tokenHash }),
    }),
  );

  routes.delete(
    apiPath('deleteUser'),
    { ...accountAuth, schema: { params: idParams, body: deleteUserBody, response: { 204: noContentResponse } } },
    async (request, reply) => {
      await deleteAccount(deps, currentUser(request), request.params.id, request.body, { tokenHash: request.tokenHash });
      return reply.status(204).send(null);
    },
  );

  routes.get(apiPath('getCurrentMonth'), { ...auth, schema: { response: { 200: monthResponse } } }, async (request) =>
    currentMonth(deps, currentUser(request)),
  );
}
