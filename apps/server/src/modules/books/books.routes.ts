/**
 * Books (issue 25): GET/POST /books, PATCH/DELETE /books/{id}, the members of a book, the
 * caller's own choices in it (PATCH /books/{id}/me), and
 * invitations (GET /invitations/{token} for the page a link opens, POST …/accept to join).
 */
import {
  bookSchema,
  booksResponse,
  createBookBody,
  createInvitationBody,
  idParams,
  invitationParams,
  invitationPreviewSchema,
  invitationSchema,
  memberParams,
  membersResponse,
  noContentResponse,
  updateBookBody,
  updateMemberBody,
  updateMyMembershipBody,
} from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { ACCOUNT_MANAGEMENT } from '../../plugins/personal-tokens';
import { createBook, deleteOwnBook, listBooks, updateOwnBook } from './books.service';
import { acceptInvitation, inviteToBook, previewInvitation } from './invitations.service';
import { changeMemberRole, listMembers, removeMember, updateMyMembership } from './members.service';
import { apiPath } from '../../plugins/route-paths';

export default async function booksRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  // Who may see and change a book is account management: no personal access token does it (DECISIONS.md #39).
  const manage = { ...auth, config: ACCOUNT_MANAGEMENT };

  routes.get(apiPath('listBooks'), { ...auth, schema: { response: { 200: booksResponse } } }, async (request) => ({
    books: await listBooks(deps, currentUser(request)),
  }));

  routes.post(apiPath('createBook'), { ...manage, schema: { body: createBookBody, response: { 201: bookSchema } } }, async (request, reply) =>
    reply.status(201).send(await createBook(deps, currentUser(request), request.body)),
  );

  routes.patch(apiPath('updateBook'), { ...manage, schema: { params: idParams, body: updateBookBody, response: { 200: bookSchema } } }, (request) =>
    updateOwnBook(deps, currentUser(request), request.params.id, request.body),
  );

  routes.delete(apiPath('deleteBook'), { ...manage, schema: { params: idParams, response: { 204: noContentResponse } } }, async (request, reply) => {
    await deleteOwnBook(deps, currentUser(request), request.params.id);
    return reply.status(204).send(null);
  });

  routes.get(apiPath('listBookMembers'), { ...auth, schema: { params: idParams, response: { 200: membersResponse } } }, async (request) => ({
    members: await listMembers(deps, currentUser(request), request.params.id),
  }));

  routes.patch(
    apiPath('updateBookMember'),
    { ...manage, schema: { params: memberParams, body: updateMemberBody, response: { 200: membersResponse } } },
    async (request) => ({
      members: await changeMemberRole(deps, currentUser(request), request.params.id, request.params.userId, request.body),
    }),
  );

  routes.delete(
    apiPath('removeBookMember'),
    { ...manage, schema: { params: memberParams, response: { 204: noContentResponse } } },
    async (request, reply) => {
      await removeMember(deps, currentUser(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  // A member's own choices: a viewer makes theirs too (ACCOUNT_MANAGEMENT lets the write through).
  routes.patch(
    apiPath('updateMyBookSettings'),
    { ...manage, schema: { params: idParams, body: updateMyMembershipBody, response: { 200: bookSchema } } },
    (request) => updateMyMembership(deps, currentUser(request), request.params.id, request.body),
  );

  routes.post(
    apiPath('inviteToBook'),
    { ...manage, schema: { params: idParams, body: createInvitationBody, response: { 201: invitationSchema } } },
    async (request, reply) => reply.status(201).send(await inviteToBook(deps, currentUser(request), request.params.id, request.body)),
  );

  // Public: the page a link opens shows what it is before the visitor signs up or in.
  routes.get(apiPath('getInvitation'), { schema: { params: invitationParams, response: { 200: invitationPreviewSchema } } }, (request) =>
    previewInvitation(deps, request.params.token),
  );

  routes.post(
    apiPath('acceptInvitation'),
    { ...manage, schema: { params: invitationParams, response: { 200: bookSchema } } },
    (request) => acceptInvitation(deps, currentUser(request), request.params.token),
  );
}
