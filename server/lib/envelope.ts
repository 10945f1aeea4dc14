import { Type, type TSchema } from '@sinclair/typebox';

/** The body of every answer (ARCHITECTURE.md "The contract"). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Boolean(), message: Type.String(), data });

export const ErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  data: Type.Null(),
});

export function ok<T>(data: T, message = '') {
  return { success: true as const, message, data };
}
