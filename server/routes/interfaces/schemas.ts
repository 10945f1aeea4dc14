import { Type, type Static } from '@sinclair/typebox';
import { Id } from '../../lib/schema-types.ts';

/* The Interfaces group: the site's editable texts (about, policies, footer items). */

export const InterfaceItemQuery = Type.Object({ id: Id() });

/** title and body follow the caller's language; both languages are given for editors. */
export const InterfaceItem = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  groupId: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  titleAr: Type.String(),
  titleEn: Type.String(),
  bodyAr: Type.String(),
  bodyEn: Type.String(),
});
export type InterfaceItem = Static<typeof InterfaceItem>;
