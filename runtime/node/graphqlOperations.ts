import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse } from 'graphql';

function graphqlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? graphqlFiles(path) : name.endsWith('.graphql') ? [path] : [];
  });
}

/** Operation names (fields of Query, Mutation, Subscription) in the `*.graphql` files under `dir`; undefined when there are none. */
export function graphqlOperations(dir: string): string[] | undefined {
  const files = graphqlFiles(dir);
  if (files.length === 0) return undefined;
  const names: string[] = [];
  for (const file of files) {
    for (const definition of parse(readFileSync(file, 'utf8')).definitions) {
      const isRoot = definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION;
      if (isRoot && ['Query', 'Mutation', 'Subscription'].includes(definition.name.value)) {
        for (const field of definition.fields ?? []) names.push(field.name.value);
      }
    }
  }
  return names;
}
