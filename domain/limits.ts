/*
 * Ranges of the database's columns, which every input is held to before it reaches a query
 * (an id past them can match no row, and the database would refuse the value).
 */

/** The largest int4: every id, count and page number column. */
export const INT4_MAX = 2_147_483_647;

/** The largest numeric(14,2): prices and amounts. */
export const MONEY_MAX = 999_999_999_999.99;
