import { PaymentStatus, Status } from '../../../../domain/codes.ts';

const ACCEPTED: readonly number[] = [Status.accepted, PaymentStatus.accepted];
const PENDING: readonly number[] = [Status.pending, PaymentStatus.pending];

/** A status in the spec's colours: accepted green, pending yellow, any other red (§4). */
export function StatusBadge({ statusId, name }: { statusId: number; name: string }) {
  const tone = ACCEPTED.includes(statusId)
    ? 'bg-status-accepted-bg text-status-accepted'
    : PENDING.includes(statusId)
      ? 'bg-status-pending-bg text-status-pending'
      : 'bg-red-100 text-red-800';
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-xs font-bold ${tone}`}>{name}</span>
  );
}
