/** GET /user, PATCH and DELETE /users/{id}, GET /month (POST /users/change-password is auth's). */
import { deleteUserBody, idParams, monthResponse, updateUserBody, userSchema } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { presentUser } from './user.presenter';
import { currentMonth, deleteAccount, updateProfile } from './users.service';

export default async function usersRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  const userResponse = { 200: z.object({ user: userSchema }) };

  routes.get('/user', { ...auth, schema: { response: userResponse } }, async (request) => ({
    user: presentUser(currentUser(request)),
  }));

  routes.patch(
    '/users/:id',
    { ...auth, schema: { params: idParams, body: updateUserBody, response: userResponse } },
    async (request) => ({ user: await updateProfile(deps, currentUser(request), request.params.id, request.body) }),
  );

  routes.delete('/users/:id', { ...auth, schema: { params: idParams, body: deleteUserBody } }, async (request, reply) => {
    await deleteAccount(deps, currentUser(request), request.params.id, request.body);
    return reply.status(204).send();
  });

  routes.get('/month', { ...auth, schema: { response: { 200: monthResponse } } }, async (request) =>
    currentMonth(deps, currentUser(request)),
  );
}
