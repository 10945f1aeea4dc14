import { ApiError, apiRequest, errorMessage, type ApiOptions } from '../../../lib/api.ts';
import type { Lang } from '../../../lib/i18n.ts';
import { signOut } from '../../../lib/session.ts';
import { toastWarning } from '../../../lib/toast.ts';
import { adminHref } from './nav.ts';

/** One page of an admin list, as every admin list call answers it. */
export interface ListPage<T> {
  data: T[];
  pagination: { currentPage: number; pageCount: number; pageSize: number; rowCount: number };
}

/**
 * Calls the API with the admin's token. A 401 (the session ended: expired, blocked, signed out
 * elsewhere) clears the session and opens the sign-in page; other failures reject as ApiError.
 */
export async function adminCall<T>(
  lang: Lang,
  method: NonNullable<ApiOptions['method']>,
  path: string,
  options: Pick<ApiOptions, 'query' | 'body' | 'signal'> = {},
): Promise<T> {
  try {
    return await apiRequest<T>(`/api/${path}`, { ...options, method, lang });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      signOut();
      location.assign(adminHref('login', lang));
    }
    throw error;
  }
}

/** Shows why a call failed, in the admin's language (the server's message when it sent one). */
export function showFailure(error: unknown, lang: Lang): void {
  void toastWarning(errorMessage(error, lang, { serverFirst: true }));
}
