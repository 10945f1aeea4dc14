import type { Constant } from '../../../server/routes/category/schemas.ts';
import { PaymentDetail, PaymentMethod } from '../../../domain/codes.ts';
import { TRANSFER_METHODS } from '../../../domain/orders.ts';
import type { Lang } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';

/*
 * The four transfer methods of spec §2 ("Payment of an order", "Payment to the site") with the
 * site's account details, read from the server constants (GetConstants): the account values and
 * QR images 107-114, and the bank's holder, branch and local number and the USDT network
 * (130-133, server/db/seed/reference.ts SiteConstant).
 */

/** Extra account constants beside the spec's 107-114 (the seed's SiteConstant 130-133). */
export const AccountConstant = {
  bankAccountHolder: 130,
  bankBranch: 131,
  bankLocalAccount: 132,
  usdtNetwork: 133,
} as const;

export interface AccountLine {
  label: string;
  value: string;
  /** Account numbers are copied; names and networks are read. */
  copy: boolean;
}

export interface TransferMethod {
  id: number;
  name: string;
  lines: AccountLine[];
  /** Site path or URL of the account's QR image; empty when the admin set none. */
  qr: string;
}

const LAYOUT: Record<number, { lines: [constantId: number, copy: boolean][]; qr: number }> = {
  [PaymentMethod.bank]: {
    lines: [
      [AccountConstant.bankAccountHolder, false],
      [AccountConstant.bankBranch, false],
      [AccountConstant.bankLocalAccount, true],
      [PaymentDetail.bankAccount, true],
    ],
    qr: PaymentDetail.bankQr,
  },
  [PaymentMethod.palPay]: {
    lines: [[PaymentDetail.palPayAccount, true]],
    qr: PaymentDetail.palPayQr,
  },
  [PaymentMethod.jawwalPay]: {
    lines: [[PaymentDetail.jawwalPayAccount, true]],
    qr: PaymentDetail.jawwalPayQr,
  },
  [PaymentMethod.usdt]: {
    lines: [
      [PaymentDetail.usdtWallet, true],
      [AccountConstant.usdtNetwork, false],
    ],
    qr: PaymentDetail.usdtQr,
  },
};

export function methodName(id: number, lang: Lang): string {
  const t = { locale: lang };
  switch (id) {
    case PaymentMethod.bank:
      return m.pay_method_bank({}, t);
    case PaymentMethod.palPay:
      return m.pay_method_palpay({}, t);
    case PaymentMethod.jawwalPay:
      return m.pay_method_jawwalpay({}, t);
    case PaymentMethod.usdt:
      return m.pay_method_usdt({}, t);
    case PaymentMethod.creditCard:
      return m.pay_method_card({}, t);
    default:
      return '';
  }
}

function lineLabel(constantId: number, lang: Lang): string {
  const t = { locale: lang };
  switch (constantId) {
    case AccountConstant.bankAccountHolder:
      return m.pay_account_holder({}, t);
    case AccountConstant.bankBranch:
      return m.pay_account_branch({}, t);
    case AccountConstant.bankLocalAccount:
      return m.pay_account_number({}, t);
    case PaymentDetail.bankAccount:
      return m.pay_account_iban({}, t);
    case AccountConstant.usdtNetwork:
      return m.pay_account_network({}, t);
    case PaymentDetail.usdtWallet:
      return m.pay_account_wallet_address({}, t);
    default:
      return m.pay_account_wallet_number({}, t);
  }
}

/** The four methods with the details the constants give; a line without a value is left out. */
export function transferMethods(constants: readonly Constant[], lang: Lang): TransferMethod[] {
  const value = (id: number) => constants.find((item) => item.id === id)?.valueSt?.trim() ?? '';
  return TRANSFER_METHODS.map((id) => {
    const layout = LAYOUT[id]!;
    return {
      id,
      name: methodName(id, lang),
      lines: layout.lines
        .map(([constantId, copy]) => ({
          label: lineLabel(constantId, lang),
          value: value(constantId),
          copy,
        }))
        .filter((line) => line.value !== ''),
      qr: value(layout.qr),
    };
  });
}
