import { useEffect, useState } from 'react';

/**
 * A QR code of the ticket number, drawn in the browser by the `qrcode` library (loaded only once
 * a ticket is confirmed), so the entrance can scan it from the buyer's phone.
 */
export default function TicketQr({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState('');

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(value, { width: 240, margin: 2, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch((error: unknown) => console.error(error));
    return () => {
      live = false;
    };
  }, [value]);

  return (
    <div className="grid size-60 place-items-center rounded-card border border-line bg-white">
      {src && <img src={src} alt={label} width={240} height={240} data-ticket-qr />}
    </div>
  );
}
