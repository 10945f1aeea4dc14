import { Type, type Static } from '@sinclair/typebox';

/* The probes' answers (Health group); a failing probe answers ErrorEnvelope with 503. */

export const Liveness = Type.Object({
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
});
export type Liveness = Static<typeof Liveness>;

export const Readiness = Type.Object({ ready: Type.Literal(true) });
export type Readiness = Static<typeof Readiness>;
