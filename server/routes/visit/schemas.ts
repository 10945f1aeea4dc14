import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../../lib/schema-types.ts';

/* The Visit group: page views the site's inline script records (src/lib/visit-script.ts). */

/** The ip is the connection's; one in the body is ignored (the spec sends it empty). */
export const VisitBody = Type.Object({
  ip: Type.Optional(Text(64)),
  userAgent: Type.Optional(Text(512)),
  route: Text(2048, { minLength: 1 }),
});
export type VisitBody = Static<typeof VisitBody>;

export const RecordedVisit = Type.Object({ id: Type.Integer() });
export type RecordedVisit = Static<typeof RecordedVisit>;
