/**
 * Named component schemas of the API document (docs/API.md). fastify-type-provider-zod writes a
 * `$ref` for every zod schema that carries an `id` in zod's global registry, and its
 * `jsonSchemaTransformObject` puts each such schema under `components.schemas`. The global
 * registry, not one of our own, because it also holds the contract's `.describe()` texts, which
 * the document shows.
 */
import { COMPONENT_SCHEMAS, type ComponentName } from '@mindspend/api-contract';
import { z } from 'zod';

const SCHEMAS_PREFIX = '#/components/schemas/';

/**
 * Gives each named contract schema its name, keeping what else the registry says of it. Safe to
 * repeat: every app built in one process (the tests build many) names the same schemas alike.
 */
export function nameComponentSchemas(): void {
  for (const [id, schema] of Object.entries(COMPONENT_SCHEMAS)) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
}

/** A reference to a named component schema. */
export function componentRef(name: ComponentName): { $ref: string } {
  return { $ref: `${SCHEMAS_PREFIX}${name}` };
}

/** Every component schema name that `value` refers to, at any depth. */
function referencedNames(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencedNames(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMAS_PREFIX)) {
        found.add(child.slice(SCHEMAS_PREFIX.length));
      } else {
        referencedNames(child, found);
      }
    }
  }
  return found;
}

/**
 * The document without the component schemas no operation uses, directly or through another.
 * The library writes each named schema twice, as answered (`Account`) and as sent
 * (`AccountInput`); most are only ever answered.
 */
export function withoutUnusedSchemas<T extends object>(document: T): T {
  if (!('components' in document)) return document;
  const { components, ...rest } = document;
  if (components === null || typeof components !== 'object' || !('schemas' in components)) return document;
  if (components.schemas === null || typeof components.schemas !== 'object') return document;
  const schemas: Record<string, unknown> = { ...components.schemas };
  const used = referencedNames(rest, new Set());
  // Follow the references of the schemas reached until no new one turns up.
  for (let pending = [...used]; pending.length > 0;) {
    const next = referencedNames(
      pending.map((name) => schemas[name]),
      new Set(),
    );
    pending = [...next].filter((name) => !used.has(name));
    for (const name of pending) used.add(name);
  }
  for (const name of Object.keys(schemas)) {
    if (!used.has(name)) delete schemas[name];
  }
  return { ...document, components: { ...components, schemas } };
}
