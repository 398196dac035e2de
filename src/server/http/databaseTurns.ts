import type { FastifyInstance } from 'fastify';
import { runAsDatabaseClient } from '../db/databaseClients.ts';

/**
 * Each request is one client of the database's turns (db/sessionLock.ts), from the first hook that
 * may reach the database to its answer: no hook before `preValidation` reads the database
 * (authentication is a `preHandler`).
 */
export function registerDatabaseTurns(app: FastifyInstance): void {
  app.addHook('preValidation', (_request, _reply, done) => runAsDatabaseClient(done));
}
