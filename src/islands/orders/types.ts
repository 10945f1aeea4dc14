/* Rows of the seller's order lists (spec §3 "Star order row", "Announcement order"). */

export type OrderKind = 'star' | 'ad';

interface OrderRowBase {
  id: number;
  userName: string;
  message: string;
  messageReplay: string;
  startDate: string | null;
  endDate: string | null;
  totalPrice: number;
  billImage: string;
  statusId: number;
  statusName: string;
}

export interface StarOrderRow extends OrderRowBase {
  vehicleImage: string;
}

export interface AnnouncementOrderRow extends OrderRowBase {
  announcementType: number;
  announcementTypeName: string;
  image: string;
}
