// The whole schema, for drizzle-kit and for the typed database handle.
export * from './schema/reference.ts';
export * from './schema/users.ts';
export * from './schema/vehicles.ts';
export * from './schema/orders.ts';
export * from './schema/activity.ts';
export * from './schema/tickets.ts';
export * from './schema/audit.ts';
