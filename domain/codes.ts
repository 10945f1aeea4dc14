/**
 * Code ids. The spec fixes most of them (§9 of both documents); the lookup categories that the
 * spec leaves open are numbered here once. Safe to import from the site: plain constants only.
 */

/** Parent codes that group the lookup values in the `codes` table. */
export const CodeCategory = {
  color: 1,
  bodyType: 2,
  specification: 3,
  paintedType: 4,
  paintedStatus: 5,
  gearType: 6,
  oilType: 7,
  currency: 8,
  /** Fixed by the spec. */
  userType: 9,
  userStatus: 10,
  sendMessageWay: 11,
  announcementType: 12,
  /** Order and vehicle statuses share one set (95-99). */
  status: 13,
  paymentStatus: 14,
  paymentMethod: 15,
  interfaceGroup: 16,
  /** The reasons a visitor may give when reporting a listing. */
  reportReason: 17,
} as const;

export const UserType = { admin: 70, normal: 71, company: 72 } as const;

export const Currency = { NIS: 86, USD: 87, JOD: 88 } as const;

export const AnnouncementType = { main: 89, vertical: 90, horizontal: 91 } as const;

export const PaymentStatus = {
  pending: 29,
  accepted: 30,
  failed: 31,
  canceled: 32,
  refunded: 33,
} as const;

/** Vehicle and order statuses. */
export const Status = { pending: 95, accepted: 96, failed: 97, canceled: 98, saled: 99 } as const;

/** A listing report's review: open, the vehicle hidden (refused), or dismissed. */
export const ReportStatus = { open: 95, vehicleHidden: 96, dismissed: 97 } as const;

/** The reasons of a listing report (codes of category 17). */
export const ReportReason = {
  sold: 560,
  wrongDetails: 561,
  wrongPrice: 562,
  fraud: 563,
  duplicate: 564,
  offensive: 565,
  other: 566,
} as const;

export const InterfaceGroup = { aboutUs: 104, footer: 105, modals: 106 } as const;

/** Constants (id, valueSt) holding the site's payment accounts and their QR images. */
export const PaymentDetail = {
  bankAccount: 107,
  bankQr: 108,
  palPayAccount: 109,
  palPayQr: 110,
  jawwalPayAccount: 111,
  jawwalPayQr: 112,
  usdtWallet: 113,
  usdtQr: 114,
} as const;

export const PaymentMethod = {
  bank: 120,
  palPay: 121,
  jawwalPay: 122,
  usdt: 123,
  creditCard: 124,
} as const;

export const UserStatus = { active: 20, blocked: 21 } as const;

export const SendMessageWay = { email: 22, sms: 23 } as const;

/** The three fixed states of the spec. */
export const StateId = { gaza: 1, westBank: 2, interior: 3 } as const;
