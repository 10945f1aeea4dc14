import { lazy, Suspense, useEffect, useState } from 'react';
import { DASHBOARD_COUNTERS, type DashboardCounter } from '../../../../domain/statistics.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, showFailure } from '../kit/api.ts';

const VisitsChart = lazy(() => import('./VisitsChart.tsx'));

type Statistics = Record<DashboardCounter, number> & {
  visitsPerDay: { date: string; count: number }[];
};

/** The dashboard's home: the 12 counters of seller spec §9 and the visits of 30 days. */
export default function HomeScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  const [data, setData] = useState<Statistics | null>(null);
  useEffect(() => {
    adminCall<Statistics>(lang, 'GET', 'Statistics/GetDashboardStatistics')
      .then(setData)
      .catch((error: unknown) => showFailure(error, lang));
  }, [lang]);

  const labels: Record<DashboardCounter, string> = {
    visitorsToday: m.admin_stat_visitors_today({}, t),
    visitorsThisMonth: m.admin_stat_visitors_month({}, t),
    vehiclesSold: m.admin_stat_vehicles_sold({}, t),
    vehiclesAddedThisMonth: m.admin_stat_vehicles_added({}, t),
    vehiclesUnderReview: m.admin_stat_vehicles_review({}, t),
    vehiclesRefused: m.admin_stat_vehicles_refused({}, t),
    announcementOrdersAdded: m.admin_stat_ads_added({}, t),
    announcementOrdersUnderReview: m.admin_stat_ads_review({}, t),
    announcementOrdersRefused: m.admin_stat_ads_refused({}, t),
    starOrdersAdded: m.admin_stat_stars_added({}, t),
    starOrdersUnderReview: m.admin_stat_stars_review({}, t),
    starOrdersRefused: m.admin_stat_stars_refused({}, t),
  };
  const number = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'ar-PS-u-nu-latn');

  return (
    <div className="space-y-8">
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
        {DASHBOARD_COUNTERS.map((name) => (
          <li
            key={name}
            data-counter={name}
            className="rounded-2xl border border-line bg-surface p-4 shadow-xs"
          >
            <p className="text-sm text-muted">{labels[name]}</p>
            <p className="mt-1 text-3xl font-bold text-brand-800" data-value>
              {data ? number.format(data[name]) : '…'}
            </p>
          </li>
        ))}
      </ul>
      <section className="rounded-2xl border border-line bg-surface p-4">
        <h2 className="mb-3 font-bold">{m.admin_stat_visits_chart({}, t)}</h2>
        {data && (
          <Suspense fallback={<p className="text-muted">{m.admin_loading({}, t)}</p>}>
            <VisitsChart days={data.visitsPerDay} label={m.admin_stat_visits_chart({}, t)} />
          </Suspense>
        )}
      </section>
    </div>
  );
}
