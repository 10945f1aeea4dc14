import { TRANSFER_METHODS } from '../../../domain/orders.ts';
import { emailError, isValidMobile, type ValidationMessage } from '../../../domain/validation.ts';

export interface TicketForm {
  paymentMethod: number;
  buyerName: string;
  email: string;
  mobile: string;
  payingBilImage: string;
}

const blank = (value: string) => value.trim() === '';

/**
 * The buy-tickets form's checks, in the order the API runs them (server/routes/tickets) with the
 * payment messages of spec §5: name, email and its format, mobile (digits only, at most 10),
 * method, proof image. The API checks again.
 */
export function ticketFormError(form: TicketForm): ValidationMessage | null {
  if (blank(form.buyerName)) return 'payment_check_name';
  if (blank(form.email)) return 'payment_check_email';
  const email = emailError(form.email.trim());
  if (email) return email;
  if (!isValidMobile(form.mobile.trim(), 'profile')) return 'user_data_check_mobile';
  if (!TRANSFER_METHODS.includes(form.paymentMethod)) return 'payment_check_method';
  if (blank(form.payingBilImage)) return 'payment_check_proof';
  return null;
}
