import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditLog } from '../db/schema.ts';
import type { Db } from '../db/client.ts';

/** One admin write, as the audit log keeps it. */
export interface AuditEntry {
  /** The call, e.g. "UpdateBrand". */
  action: string;
  /** The kind of record, e.g. "brand". */
  entity: string;
  entityId?: number | null;
  /** The record before the write (null for a creation). */
  before?: unknown;
  /** The record after the write (null for a deletion). */
  after?: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Records an admin write under the signed-in caller. Call it after the write succeeded; pass
     * `db` to record inside the write's own transaction. Never pass password hashes or tokens.
     */
    audit: (request: FastifyRequest, entry: AuditEntry, db?: Db) => Promise<void>;
  }
}

/** JSON-safe copy: dates become ISO text, undefined becomes null. */
const snapshot = (value: unknown) =>
  value === undefined || value === null ? null : JSON.parse(JSON.stringify(value));

export default fp(
  async function audit(app: FastifyInstance) {
    app.decorate('audit', async (request: FastifyRequest, entry: AuditEntry, db?: Db) => {
      await (db ?? app.db).insert(auditLog).values({
        actorId: request.user!.id,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId ?? null,
        before: snapshot(entry.before),
        after: snapshot(entry.after),
      });
    });
  },
  { name: 'audit', dependencies: ['db'] },
);
