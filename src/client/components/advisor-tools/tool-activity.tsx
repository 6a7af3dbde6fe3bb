import { AlertTriangle, Calculator, Copy, FileText, Globe, ImageDown } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import type { Calculation } from '#contract/calculate.ts';
import type { ToolActivity } from '#contract/tools.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { notify } from '#client/lib/notify.ts';
import { calculationCsv, formatFigure } from '#contract/calculation-format.ts';

async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify({ title: `${what} copied`, variant: 'success' });
  } catch {
    notify({ title: `Could not copy the ${what.toLowerCase()}`, description: 'Your browser did not allow access to the clipboard.', variant: 'destructive' });
  }
}

/** The chart's SVG drawn on a canvas and put on the clipboard as a PNG. */
async function copyChartImage(svg: SVGSVGElement): Promise<void> {
  try {
    const { width, height } = svg.viewBox.baseVal;
    const source = new XMLSerializer().serializeToString(svg);
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * 2;
    canvas.height = height * 2;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no image'))), 'image/png'));
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
    notify({ title: 'Chart copied as an image', variant: 'success' });
  } catch {
    notify({ title: 'Could not copy the chart', description: 'Your browser did not allow images on the clipboard: copy the CSV instead.', variant: 'destructive' });
  }
}

const seriesColours = ['#2563eb', '#9333ea', '#0d9488', '#ea580c'];
/** Scenario cases keep their meaning in colour: the downside red, the base blue, the upside green. */
const caseColours: Record<string, string> = { Downside: '#dc2626', Base: '#2563eb', Upside: '#16a34a' };
const colourOf = (name: string, index: number) => caseColours[name] ?? seriesColours[index % seriesColours.length]!;
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A line or bar chart of a calculation's series, drawn as SVG (no chart library: a handful of points). */
function CalculationChart({ chart, title, footer }: { chart: NonNullable<Calculation['chart']>; title: string; footer: (copyImage: () => void) => ReactNode }) {
  const ref = useRef<SVGSVGElement>(null);
  const width = 420;
  const height = 200;
  const pad = { left: 56, right: 12, top: 12, bottom: 28 };
  const values = chart.series.flatMap((s) => s.values);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const n = chart.labels.length;
  const x = (i: number) => pad.left + (n <= 1 ? 0 : (i * (width - pad.left - pad.right)) / (n - 1));
  const y = (v: number) => pad.top + ((max - v) * (height - pad.top - pad.bottom)) / span;
  const every = Math.max(1, Math.ceil(n / 8));
  return (
    <figure className="mt-2">
      <svg ref={ref} viewBox={`0 0 ${width} ${height}`} className="h-auto w-full max-w-xl text-muted-foreground" role="img" aria-label={`${title}: ${chart.kind} chart of ${chart.series.map((s) => s.name).join(', ')}`}>
        <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} stroke="currentColor" strokeOpacity={0.4} />
        <text x={pad.left - 6} y={y(max) + 4} textAnchor="end" fontSize="12" fill="currentColor">
          {compact.format(max)}
        </text>
        <text x={pad.left - 6} y={y(min) + 4} textAnchor="end" fontSize="12" fill="currentColor">
          {compact.format(min)}
        </text>
        {chart.labels.map((label, i) =>
          i % every === 0 ? (
            <text key={label + i} x={x(i)} y={height - 8} textAnchor="middle" fontSize="12" fill="currentColor">
              {label}
            </text>
          ) : null,
        )}
        {chart.series.map((series, s) =>
          chart.kind === 'line' ? (
            <polyline key={series.name} fill="none" stroke={colourOf(series.name, s)} strokeWidth={2} points={series.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
          ) : (
            series.values.map((v, i) => {
              const barWidth = Math.max(2, (width - pad.left - pad.right) / Math.max(1, n) / (chart.series.length + 1));
              return <rect key={`${series.name}-${i}`} x={x(i) + s * barWidth - barWidth / 2} y={Math.min(y(v), y(0))} width={barWidth} height={Math.abs(y(v) - y(0))} fill={colourOf(series.name, s)} />;
            })
          ),
        )}
      </svg>
      <figcaption className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {chart.series.map((series, s) => (
          <span key={series.name} className="inline-flex items-center gap-1">
            <span className="inline-block size-2.5 rounded-sm" style={{ backgroundColor: colourOf(series.name, s) }} aria-hidden />
            {series.name}
          </span>
        ))}
      </figcaption>
      {footer(() => ref.current && void copyChartImage(ref.current))}
    </figure>
  );
}

/** One calculation: its results first, then the inputs they came from, then its table and chart. */
function CalculationView({ calculation }: { calculation: Calculation }) {
  const footer = (copyImage?: () => void) => (
    <div className="mt-1 flex flex-wrap items-center gap-1">
      <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => void copyText(calculationCsv(calculation), 'CSV')}>
        <Copy aria-hidden />
        Copy CSV
      </Button>
      {copyImage ? (
        <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={copyImage}>
          <ImageDown aria-hidden />
          Copy image
        </Button>
      ) : null}
    </div>
  );
  return (
    <div className="min-w-0 flex-1">
      <p className="font-medium text-foreground">
        {calculation.results.map((figure, i) => (
          <span key={figure.label}>
            {i > 0 ? ' · ' : null}
            {figure.label}: <strong data-testid="calculation-result">{formatFigure(figure)}</strong>
          </span>
        ))}
      </p>
      {calculation.inputs.length > 0 ? (
        <p className="mt-0.5 text-xs text-muted-foreground" data-testid="calculation-inputs">
          From {calculation.inputs.map((figure) => `${figure.label.charAt(0).toLowerCase()}${figure.label.slice(1)} ${formatFigure(figure)}`).join(', ')}
        </p>
      ) : null}
      {calculation.note ? <p className="mt-0.5 text-xs text-muted-foreground">{calculation.note}</p> : null}
      {calculation.table ? (
        <div className="mt-2 max-w-full overflow-x-auto">
          <table className="w-full border-collapse text-xs tabular-nums">
            <caption className="sr-only">{calculation.title}</caption>
            <thead>
              <tr>
                {calculation.table.columns.map((column) => (
                  <th key={column} scope="col" className="border-b px-2 py-1 text-left font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {calculation.table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c} className="border-b border-border/60 px-2 py-1">
                      {typeof cell === 'number' ? formatFigure({ value: Math.abs(cell) >= 1000 ? Math.round(cell) : cell, unit: 'number' }) : (cell ?? '')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {calculation.chart ? <CalculationChart chart={calculation.chart} title={calculation.title} footer={footer} /> : footer()}
    </div>
  );
}

/**
 * What the advisor's tools did for a reply (issue 32): while one runs, what it is doing
 * ("Calculating runway…"); when it ends, a calculation's figures with the inputs they came from,
 * a search's sources, or why it failed. Shown above the reply's text.
 */
export function ToolActivityList({ tools }: { tools: ToolActivity[] }) {
  return (
    <ul className="mb-3 space-y-2" aria-label="What the advisor checked" data-testid="tool-activity">
      {tools.map((activity) => (
        <li key={activity.callId} className="flex gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm" data-status={activity.status}>
          {activity.status === 'running' ? (
            <>
              <Spinner className="mt-0.5 shrink-0" label={activity.label} />
              <span className="text-muted-foreground">{activity.label}</span>
            </>
          ) : activity.status === 'error' ? (
            <>
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="text-muted-foreground">
                {activity.label.replace(/…$/, '')} did not work: {activity.error}
              </span>
            </>
          ) : activity.calculation ? (
            <>
              <Calculator className="mt-0.5 size-4 shrink-0 text-brand" aria-label={activity.calculation.title} />
              <CalculationView calculation={activity.calculation} />
            </>
          ) : (
            <>
              {activity.name === 'read_document' ? <FileText className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden /> : <Globe className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />}
              <span className="min-w-0 whitespace-pre-line text-muted-foreground">{activity.summary ?? activity.label.replace(/…$/, '')}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
