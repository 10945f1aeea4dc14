import type { CreatedPayment } from '../../../server/routes/payment/schemas.ts';
import { Currency } from '../../../domain/codes.ts';
import { sitePaymentError } from '../../../domain/orders.ts';
import { useState } from 'react';
import { setFlash } from '../../lib/flash.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { uploadJson, type UploadProgress as Progress } from '../../lib/upload.ts';
import { m } from '../../paraglide/messages.js';
import {
  EmailField,
  Form,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../forms/fields.tsx';
import { useSubmit } from '../forms/use-submit.ts';
import { UploadProgress } from '../vehicle-form/UploadProgress.tsx';
import { parseAmount } from './amount.ts';
import ProofImageField from './ProofImageField.tsx';
import TransferMethodPicker from './TransferMethodPicker.tsx';

/** Spec §2 "Payment to the site": the note is free text; the API keeps 500 characters. */
const DESCRIPTION_MAX = 500;

export function currencyOptions(lang: Lang) {
  const t = { locale: lang };
  return [
    { id: Currency.NIS, name: m.pay_currency_nis({}, t) },
    { id: Currency.USD, name: m.pay_currency_usd({}, t) },
    { id: Currency.JOD, name: m.pay_currency_jod({}, t) },
  ];
}

/**
 * /pay_for_us (spec §2 "Payment to the site"): anyone, signed in or not, pays the site by
 * transfer and sends the proof. The checks of spec §5 run in their order (domain/orders.ts
 * sitePaymentError), each a warning toast; the API runs them again. A signed-in payer's token
 * goes with the call (lib/upload.ts), so the payment shows in their payment history. Success
 * goes to the home page, where the toast shows (spec §4).
 */
export default function SitePaymentForm({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const { busy, submit } = useSubmit(lang);
  const [method, setMethod] = useState(0);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<number>(Currency.NIS);
  const [description, setDescription] = useState('');
  const [proof, setProof] = useState('');
  const [progress, setProgress] = useState<Progress | null>(null);

  const send = async () => {
    const payment = {
      paymentMethod: method,
      paidname: name.trim(),
      paidEmail: email.trim(),
      amount: parseAmount(amount),
      payingBilImage: proof,
    };
    const result = await submit({
      check: () => sitePaymentError(payment),
      call: () =>
        uploadJson<CreatedPayment>('/api/Payment/CreatePaymentMovements', {
          body: { ...payment, currency, description: description.trim() },
          lang,
          onProgress: setProgress,
        }).finally(() => setProgress(null)),
    });
    if (!result.ok) return;
    setFlash({ kind: 'success', message: m.pay_site_success({}, t) });
    window.location.assign(localizePath('/', lang));
  };

  return (
    <Form onSubmit={() => void send()} busy={busy} className="flex flex-col gap-6" data-pay-for-us>
      <TransferMethodPicker lang={lang} value={method} onChange={setMethod} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="pay-name"
          label={m.pay_name_label({}, t)}
          icon="user"
          autoComplete="name"
          maxLength={100}
          value={name}
          onValue={setName}
        />
        <EmailField
          id="pay-email"
          label={m.pay_email_label({}, t)}
          value={email}
          onValue={setEmail}
        />
        <TextField
          id="pay-amount"
          label={m.pay_amount_label({}, t)}
          inputMode="decimal"
          autoComplete="off"
          maxLength={16}
          ltr
          value={amount}
          onValue={setAmount}
          hint={m.pay_amount_hint({}, t)}
        />
        <SelectField
          id="pay-currency"
          label={m.pay_currency_label({}, t)}
          value={currency}
          onValue={(id) => setCurrency(id || Currency.NIS)}
          options={currencyOptions(lang)}
          placeholder={m.pay_currency_label({}, t)}
        />
      </div>
      <TextAreaField
        id="pay-description"
        label={m.pay_description_label({}, t)}
        hint={m.pay_description_hint({ max: String(DESCRIPTION_MAX) }, t)}
        maxLength={DESCRIPTION_MAX}
        rows={3}
        value={description}
        onValue={setDescription}
      />
      <ProofImageField lang={lang} value={proof} onChange={setProof} id="pay-proof" />
      <div>
        <SubmitButton busy={busy}>{m.pay_site_submit({}, t)}</SubmitButton>
      </div>
      {progress && <UploadProgress lang={lang} progress={progress} />}
    </Form>
  );
}
