/**
 * "Report this listing" (issue 12): the limits the API enforces and the vehicle page's form
 * shows. A report's reasons are the codes of CodeCategory.reportReason; its review statuses are
 * ReportStatus (domain/codes.ts).
 */

/** The longest note a visitor may add to a report, in characters (after trimming). */
export const REPORT_TEXT_MAX = 1000;

/** Reports one visitor (one address) may send in REPORT_WINDOW_MINUTES. */
export const REPORTS_PER_WINDOW = 5;
export const REPORT_WINDOW_MINUTES = 60;

/** The longest reply the admin sends the owner with a decision (as for vehicle reviews). */
export const REPORT_REPLY_MAX = 255;
