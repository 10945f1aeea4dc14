import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface Props {
  days: { date: string; count: number }[];
  label: string;
}

/** Visits per day as a line (uPlot: a small charting library, loaded with this screen only). */
export default function VisitsChart({ days, label }: Props) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const x = days.map((day) => Date.parse(`${day.date}T12:00:00Z`) / 1000);
    const y = days.map((day) => day.count);
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 260,
        scales: { x: { time: true } },
        axes: [{}, { size: 50 }],
        series: [
          {},
          {
            label,
            stroke: '#116350',
            fill: 'rgba(17, 99, 80, 0.12)',
            width: 2,
            points: { size: 5 },
          },
        ],
        legend: { show: false },
      },
      [x, y],
      element,
    );
    const resize = () => chart.setSize({ width: element.clientWidth || 600, height: 260 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [days, label]);
  // The chart draws left to right in both languages, like its dates.
  return <div ref={host} dir="ltr" role="img" aria-label={label} data-testid="visits-chart" />;
}
