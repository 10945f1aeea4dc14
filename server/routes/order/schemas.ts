import { Type, type Static } from '@sinclair/typebox';
import { Id, Int32, Money, MultilineText, Text } from '../../lib/schema-types.ts';
import { Page, PagingQuery } from '../paging-schemas.ts';

/* The Order group's answers; its featured vehicles are vehicle cards (../vehicle/schemas.ts). */

/** An accepted announcement whose dates cover now; it opens its advertiser's gallery. */
export const Announcement = Type.Object({
  id: Type.Integer(),
  image: Type.String(),
  announcementType: Type.Integer(),
  startDate: Type.String(),
  endDate: Type.String(),
  userId: Type.Integer(),
  userName: Type.String(),
  userSlug: Type.String(),
});
export type Announcement = Static<typeof Announcement>;

/* ------------------------------------------------------------------ the seller's orders */

const Integer = Type.Integer();

/** Largest decoded ad image. */
export const AD_IMAGE_MAX_BYTES = 12 * 1024 * 1024;
/** The body limit of an order: the ad image and the proof of payment. */
export const ORDER_BODY_LIMIT = 2 * (Math.ceil((AD_IMAGE_MAX_BYTES * 4) / 3) + 1024) + 64 * 1024;

const Base64Image = MultilineText(Math.ceil((AD_IMAGE_MAX_BYTES * 4) / 3) + 1024, {
  description: 'base64 or a data: URL of a JPEG or PNG (checked by content)',
});
const Message = Type.Optional(MultilineText(1000, { description: 'at most 255 characters' }));
const Days = Int32({ minimum: 0, description: '1 to 30' });
const Ignored = (what: string) =>
  Type.Optional(Money({ description: `${what}: ignored, the server computes it` }));

/** CreateStarVehicleOrder (spec §3 star order payload). */
export const StarOrderBody = Type.Object({
  id: Type.Optional(Int32({ minimum: 0 })),
  message: Message,
  vehicleId: Int32({ minimum: 0 }),
  durationDay: Days,
  dailyPrice: Ignored('daily price'),
  totalPrice: Ignored('total'),
  payBilImage: Type.Optional(Base64Image),
  paymentMethod: Int32({ minimum: 0 }),
});

/** CreateAnnouncementOrder (spec §3 announcement create form). */
export const AnnouncementOrderBody = Type.Object({
  id: Type.Optional(Int32({ minimum: 0 })),
  message: Message,
  image: Type.Optional(Base64Image),
  durationDay: Days,
  announcementType: Int32({ minimum: 0 }),
  dailyPrice: Ignored('daily price'),
  totalPrice: Ignored('total'),
  payBilImage: Type.Optional(Base64Image),
  paymentMethod: Int32({ minimum: 0 }),
});

/** The answer of a new order: its id, the server's total and its likely dates. */
export const CreatedOrder = Type.Object({
  id: Integer,
  dailyPrice: Type.Number(),
  totalPrice: Type.Number(),
  currency: Integer,
  startDate: Type.String(),
  endDate: Type.String(),
});
export type CreatedOrder = Static<typeof CreatedOrder>;

const rowFields = {
  id: Integer,
  userId: Integer,
  userName: Type.String(),
  message: Type.String(),
  messageReplay: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  durationDay: Integer,
  dailyPrice: Type.Number(),
  totalPrice: Type.Number(),
  currency: Integer,
  billImage: Type.String(),
  /** The payer of the order's latest payment ('' before it is paid). */
  payerName: Type.String(),
  payerEmail: Type.String(),
  paymentMethodName: Type.String(),
  statusId: Integer,
  statusName: Type.String(),
  createdAt: Type.String(),
};

/** A star order row (spec §3), with its vehicle. */
export const StarOrderRow = Type.Object({
  ...rowFields,
  vehicleId: Integer,
  vehicleImage: Type.String(),
  vehicleSlug: Type.String(),
  vehicleName: Type.String(),
});
export type StarOrderRow = Static<typeof StarOrderRow>;

/** An announcement order row (spec §3). */
export const AnnouncementOrderRow = Type.Object({
  ...rowFields,
  announcementType: Integer,
  announcementTypeName: Type.String(),
  image: Type.String(),
});
export type AnnouncementOrderRow = Static<typeof AnnouncementOrderRow>;

/** Spec §3 order search: vm {ownerId, announcementType, statusId, dateFrom, dateTo}, page, pageSize. */
export const OrderSearchQuery = Type.Object({
  ownerId: Type.Optional(
    Int32({ minimum: 0, description: "admin only; a seller's own otherwise" }),
  ),
  announcementType: Type.Optional(Int32({ minimum: 0 })),
  statusId: Type.Optional(Int32({ minimum: 0 })),
  dateFrom: Type.Optional(Text(40, { description: 'YYYY-MM-DD' })),
  dateTo: Type.Optional(Text(40, { description: 'YYYY-MM-DD' })),
  search: Type.Optional(Text(100, { description: "part of the orderer's name (admin)" })),
  ...PagingQuery,
  pageSize: Int32({ minimum: 1, maximum: 100, default: 99 }),
});

export const StarOrders = Type.Object({ orders: Page(StarOrderRow) });
export const AnnouncementOrders = Type.Object({ orders: Page(AnnouncementOrderRow) });

export const OrderQuery = Type.Object({ orderId: Id() });
export const AdKindQuery = Type.Object({ announcementType: Id() });

/** UpdateStarVehicleOrder / UpdateAnnouncementOrder: the message of a pending order. */
export const OrderMessageBody = Type.Object({ id: Int32({ minimum: 0 }), message: Message });

/** Spec §3 status change. */
export const OrderStatusBody = Type.Object({
  orderId: Id(),
  statusId: Id(),
  messageReplay: Type.Optional(MultilineText(1000)),
});
export const OrderStatusAnswer = Type.Object({
  id: Integer,
  statusId: Integer,
  startDate: Type.String(),
  endDate: Type.String(),
});

export const LikelyDate = Type.Object({ date: Type.String({ description: 'YYYY-MM-DD' }) });
export const DailyPrice = Type.Object({ dailyPrice: Type.Number(), currency: Integer });
export const OrderId = Type.Object({ id: Integer });
