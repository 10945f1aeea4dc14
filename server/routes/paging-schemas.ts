import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Int32, Text } from '../lib/schema-types.ts';

/*
 * Paged lists, as every group that answers with one (vehicle, notification, user) asks for them
 * and answers them (spec §7 pagination).
 */

/** page and pageSize as every list call takes them; over 100 a page is refused. */
export const PagingQuery = {
  page: Int32({ minimum: 1, default: 1 }),
  pageSize: Int32({ minimum: 1, maximum: 100, default: 6 }),
};

/** Where a page sits in its list. */
export const Pagination = Type.Object({
  currentPage: Type.Integer(),
  pageCount: Type.Integer(),
  pageSize: Type.Integer(),
  rowCount: Type.Integer(),
});
export type Pagination = Static<typeof Pagination>;

/** One page of a list: its rows and its pagination. */
export const Page = <T extends TSchema>(row: T) =>
  Type.Object({ data: Type.Array(row), pagination: Pagination });

/**
 * The admin's lists: paged on the server, searched by free text and sorted by one of the list's
 * main columns (each route names the columns it accepts in `sort`; others are refused with 400).
 */
export const AdminListQuery = <Sort extends string>(sortable: readonly [Sort, ...Sort[]]) => ({
  page: Int32({ minimum: 1, default: 1 }),
  pageSize: Int32({ minimum: 1, maximum: 100, default: 20 }),
  search: Type.Optional(Text(100)),
  sort: Type.Optional(Type.Union(sortable.map((column) => Type.Literal(column)))),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
