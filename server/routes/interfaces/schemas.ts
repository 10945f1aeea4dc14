import { Type, type Static } from '@sinclair/typebox';
import { Id, Int32, MultilineText, Text } from '../../lib/schema-types.ts';
import { AdminListQuery } from '../paging-schemas.ts';

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
  sortOrder: Type.Integer(),
});
export type InterfaceItem = Static<typeof InterfaceItem>;

/** An admin's write of a site text; bodies are rich text, sanitised before they are stored. */
export const InterfaceItemBody = Type.Object({
  code: Text(60),
  groupId: Id(),
  titleAr: Text(200),
  titleEn: Text(200),
  bodyAr: Type.Optional(MultilineText(100_000)),
  bodyEn: Type.Optional(MultilineText(100_000)),
  sortOrder: Type.Optional(Int32({ minimum: 0, maximum: 100000 })),
});
export const InterfaceItemUpdateBody = Type.Object({ id: Id(), ...InterfaceItemBody.properties });
export const InterfaceItemId = Type.Object({ id: Type.Integer() });
export const AdminInterfaceItemsQuery = Type.Object({
  ...AdminListQuery(['sortOrder', 'code', 'groupId'] as const),
  groupId: Type.Optional(Int32({ minimum: 0 })),
});
