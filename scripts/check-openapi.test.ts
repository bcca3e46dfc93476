// Proves the API document's lint step (scripts/check-openapi.ts) fails when its rules are broken:
// Redocly runs with the repository's redocly.yaml on a small document that passes, then on copies
// that break a rule each. A config that silently stopped applying would pass every real run.
import { describe, expect, it } from 'vitest';
import { lintOpenApi } from './openapi-lint';

/** A document that passes: one operation, named, summarized, with its answers and security. */
function validDocument() {
  return {
    openapi: '3.1.0',
    info: { title: 'Test', version: '1.0.0', license: { name: 'MIT', identifier: 'MIT' } },
    servers: [{ url: '/' }],
    paths: {
      '/api/things/{id}': {
        get: {
          operationId: 'getThing',
          summary: 'One thing',
          parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
          security: [],
          responses: {
            '200': {
              description: 'The thing',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
            '404': {
              description: 'No such thing',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        Problem: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
      },
    },
  };
}

// Each case starts Redocly's CLI: a second or two on a busy 2-core machine.
describe('the API document lint (npm run lint)', { timeout: 30_000 }, () => {
  it('passes a document that keeps the rules', async () => {
    expect((await lintOpenApi(validDocument())).errors).toEqual([]);
  });

  it('fails an operation without a name or a summary, and says where', async () => {
    const document = validDocument();
    const { operationId: _name, summary: _summary, ...unnamed } = document.paths['/api/things/{id}'].get;
    const { errors } = await lintOpenApi({ ...document, paths: { '/api/things/{id}': { get: unnamed } } });
    expect(errors.map((error) => error.ruleId).sort()).toEqual([
      'operation-operationId',
      'operation-summary',
    ]);
    expect(errors[0]?.pointer).toContain('/paths/~1api~1things~1{id}/get');
  });

  it('fails a reference to a schema that is not there, and an operation without security', async () => {
    const document = validDocument();
    const { security: _security, ...open } = document.paths['/api/things/{id}'].get;
    const { errors } = await lintOpenApi({
      ...document,
      paths: { '/api/things/{id}': { get: open } },
      components: { schemas: { Thing: document.components.schemas.Thing } },
    });
    expect(errors.map((error) => error.ruleId).sort()).toEqual(['no-unresolved-refs', 'security-defined']);
  });
});
