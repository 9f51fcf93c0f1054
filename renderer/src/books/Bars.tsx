// One bar chart (recharts): a value per category, its figure on hover or with the arrow keys (the chart takes
// the focus), an axis in dollars. Flat, without animation, so it reads the same for everyone and in screenshots.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { usd } from '../money';
import { CHART } from './palette';

export interface BarDatum {
  /** On the category axis (short: "22", "FC"). */
  readonly label: string;
  /** In the tooltip's heading ("22/11/2026", "Factura (FC)"). */
  readonly title: string;
  readonly value: number;
}

const dollars = (v: number) => usd(v.toFixed(2));
const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function Bars({
  data,
  name,
  title,
  color = CHART.blue,
  across = false,
  height = 240,
}: {
  data: readonly BarDatum[];
  /** What the value is ("Ventas"), in the tooltip. */
  name: string;
  /** The chart's accessible name. */
  title: string;
  color?: string;
  /** Bars across (categories down the side): for long names such as products. */
  across?: boolean;
  height?: number;
}) {
  const category = {
    dataKey: 'label',
    type: 'category' as const,
    stroke: CHART.ink,
    tick: { fill: CHART.ink, fontSize: 12 },
    interval: 0 as const,
  };
  const amount = {
    type: 'number' as const,
    stroke: CHART.ink,
    tick: { fill: CHART.ink, fontSize: 12 },
    tickFormatter: (v: number) => dollars(v),
  };
  return (
    <BarChart
      responsive
      style={{ width: '100%', height }}
      data={[...data]}
      layout={across ? 'vertical' : 'horizontal'}
      margin={{ top: 8, right: 16, bottom: 4, left: 8 }}
      title={title}
      aria-label={title}
    >
      <CartesianGrid stroke={CHART.grid} vertical={across} horizontal={!across} />
      {across ? (
        <>
          <XAxis {...amount} />
          <YAxis {...category} width={190} tickFormatter={(v: string) => short(v, 30)} />
        </>
      ) : (
        <>
          <XAxis {...category} interval="preserveStartEnd" />
          <YAxis {...amount} width={80} />
        </>
      )}
      <Tooltip
        formatter={(value) => [dollars(Number(value)), name]}
        labelFormatter={(_label, payload) => (payload[0]?.payload as BarDatum | undefined)?.title ?? ''}
        cursor={{ fill: '#eef3fa' }}
        // Text in ink: a bar's colour has 3:1 against white, enough for a bar, not for words (WCAG 1.4.3).
        itemStyle={{ color: CHART.ink }}
      />
      <Bar dataKey="value" name={name} fill={color} isAnimationActive={false} maxBarSize={48} />
    </BarChart>
  );
}
