/** A stock graphql-yoga hello server (the bench's baseline): `tsx bench/stockYoga.ts <port>`. */
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';

const yoga = createYoga({
  logging: false,
  schema: createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } }),
});
createServer(yoga).listen(Number(process.argv[2] ?? 4100), '127.0.0.1', () => process.stdout.write('ready\n'));
