/** An argument of an operation, or a field of an input type: its type as written and whether it must be given. */
export interface GraphqlArgShape {
  /** GraphQL type text, e.g. `[ID!]!`. */
  type: string;
  /** Non-null with no default: a binding must give it. */
  required: boolean;
}

/** What lint knows of the GraphQL API: operations' arguments, input types' fields, enum values. */
export interface GraphqlShapes {
  operations: Record<string, Record<string, GraphqlArgShape>>;
  inputs: Record<string, Record<string, GraphqlArgShape>>;
  enums: Record<string, string[]>;
}
