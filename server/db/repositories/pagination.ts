/** One page of a list, as the API's `page` and `pageSize` ask for it. */
export interface Paging {
  page: number;
  pageSize: number;
}

/** The pagination block of every paged answer (spec §7). */
export interface Pagination {
  currentPage: number;
  pageCount: number;
  pageSize: number;
  rowCount: number;
}

export function paginationOf(paging: Paging, rowCount: number): Pagination {
  return {
    currentPage: paging.page,
    pageCount: Math.ceil(rowCount / paging.pageSize),
    pageSize: paging.pageSize,
    rowCount,
  };
}

/** The OFFSET of a page. */
export const offsetOf = (paging: Paging) => (paging.page - 1) * paging.pageSize;
