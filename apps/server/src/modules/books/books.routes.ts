/** Books (issue 25): GET/POST /books, PATCH/DELETE /books/{id}. */
import { bookSchema, booksResponse, createBookBody, idParams, noContentResponse, updateBookBody } from '@mindspend/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../plugins/auth';
import { createBook, deleteOwnBook, listBooks, renameOwnBook } from './books.service';

export default async function booksRoutes(app: FastifyInstance, deps: AppDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  routes.get('/books', { ...auth, schema: { response: { 200: booksResponse } } }, async (request) => ({
    books: await listBooks(deps, currentUser(request)),
  }));

  routes.post('/books', { ...auth, schema: { body: createBookBody, response: { 201: bookSchema } } }, async (request, reply) =>
    reply.status(201).send(await createBook(deps, currentUser(request), request.body)),
  );

  routes.patch('/books/:id', { ...auth, schema: { params: idParams, body: updateBookBody, response: { 200: bookSchema } } }, (request) =>
    renameOwnBook(deps, currentUser(request), request.params.id, request.body),
  );

  routes.delete('/books/:id', { ...auth, schema: { params: idParams, response: { 204: noContentResponse } } }, async (request, reply) => {
    await deleteOwnBook(deps, currentUser(request), request.params.id);
    return reply.status(204).send(null);
  });
}
