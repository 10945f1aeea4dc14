import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Every admin write: who, what, which record, the record before and after, when. Rows are only
 * ever inserted; no route updates or deletes them, and the actor's link survives the actor's
 * deletion (accounts are deleted softly).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    /** The call that wrote, e.g. "UpdateBrand". */
    action: text('action').notNull(),
    /** The kind of record, e.g. "brand", "vehicle", "user". */
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
  ],
);
