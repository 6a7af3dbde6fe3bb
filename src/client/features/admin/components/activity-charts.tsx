import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PageViewReport } from '#contract/analytics.ts';
import type { AdminActivityDay } from '#contract/admin.ts';
import type { RoundtableUsage } from '#contract/roundtable.ts';

const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const axis = { stroke: 'var(--color-muted-foreground)', fontSize: 11, tickLine: false, axisLine: false } as const;
const tooltip = {
  contentStyle: { background: 'var(--color-card)', border: '1px solid var(--color-border)', borderRadius: 8, color: 'var(--color-card-foreground)', fontSize: 12 },
  labelFormatter: (label: unknown) => dayLabel(String(label)),
} as const;

function ChartCard({ title, summary, wide, children }: { title: string; summary: string; wide?: boolean; children: React.ReactElement }) {
  return (
    <figure className={`min-w-0 rounded-xl border bg-card p-4${wide ? ' md:col-span-2' : ''}`}>
      <figcaption className="mb-3 flex items-baseline justify-between gap-2">
        <span className="shrink-0 text-sm font-semibold">{title}</span>
        <span className="min-w-0 truncate text-xs text-muted-foreground">{summary}</span>
      </figcaption>
      <div className="h-44" role="img" aria-label={`${title}: ${summary}`}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** The dashboard's charts over time (loaded with the admin page only, never with the landing page). */
export default function ActivityCharts({ days, pageViews, roundtables }: { days: AdminActivityDay[]; pageViews?: PageViewReport; roundtables?: RoundtableUsage }) {
  // Roundtable cost (decision 026): tokens per day, prompt and completion, with the tables held.
  const usageByDay = new Map((roundtables?.days ?? []).map((d) => [d.day, d]));
  const tableTokens = days.map((d) => ({ day: d.day, prompt: usageByDay.get(d.day)?.promptTokens ?? 0, completion: usageByDay.get(d.day)?.completionTokens ?? 0 }));
  const tablesHeld = (roundtables?.days ?? []).reduce((sum, d) => sum + d.roundtables, 0);
  const tokensSpent = tableTokens.reduce((sum, d) => sum + d.prompt + d.completion, 0);
  // Page views (counted only after 'Accept All', decision 021): per day, and the pages most viewed.
  const viewsByDay = new Map<string, number>();
  const viewsByPath = new Map<string, number>();
  for (const { day, path, views } of pageViews?.counts ?? []) {
    viewsByDay.set(day, (viewsByDay.get(day) ?? 0) + views);
    viewsByPath.set(path, (viewsByPath.get(path) ?? 0) + views);
  }
  const views = days.map((d) => ({ day: d.day, views: viewsByDay.get(d.day) ?? 0 }));
  const topPages = [...viewsByPath.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
  const total = (key: 'signups' | 'messages' | 'likes' | 'dislikes') => days.reduce((sum, d) => sum + d[key], 0);
  const rated = days.map((d) => ({ day: d.day, ratio: d.likes + d.dislikes === 0 ? null : Math.round((d.likes / (d.likes + d.dislikes)) * 100) }));
  const likes = total('likes');
  const dislikes = total('dislikes');
  const peakActive = Math.max(0, ...days.map((d) => d.activeUsers));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2">
      <ChartCard title="Signups" summary={`${total('signups')} in ${days.length} days`}>
        <BarChart data={days} margin={{ top: 4, right: 4, bottom: 0, left: -24 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} minTickGap={24} />
          <YAxis allowDecimals={false} {...axis} />
          <Tooltip {...tooltip} cursor={{ fill: 'var(--color-muted)' }} />
          <Bar dataKey="signups" name="Signups" fill="var(--color-brand)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
      <ChartCard title="Active users" summary={`peak ${peakActive} a day`}>
        <LineChart data={days} margin={{ top: 4, right: 4, bottom: 0, left: -24 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} minTickGap={24} />
          <YAxis allowDecimals={false} {...axis} />
          <Tooltip {...tooltip} />
          <Line type="monotone" dataKey="activeUsers" name="Active users" stroke="var(--color-primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ChartCard>
      <ChartCard title="Messages per day" summary={`${total('messages')} in ${days.length} days`}>
        <BarChart data={days} margin={{ top: 4, right: 4, bottom: 0, left: -24 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} minTickGap={24} />
          <YAxis allowDecimals={false} {...axis} />
          <Tooltip {...tooltip} cursor={{ fill: 'var(--color-muted)' }} />
          <Bar dataKey="messages" name="Messages" fill="var(--color-primary)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
      <ChartCard title="Likes ratio" summary={likes + dislikes === 0 ? 'no ratings yet' : `${Math.round((likes / (likes + dislikes)) * 100)}% liked overall`}>
        <LineChart data={rated} margin={{ top: 4, right: 4, bottom: 0, left: -24 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} minTickGap={24} />
          <YAxis domain={[0, 100]} unit="%" {...axis} />
          <Tooltip {...tooltip} formatter={(value) => [`${String(value)}%`, 'Liked']} />
          <Line type="monotone" dataKey="ratio" name="Liked" stroke="var(--color-brand)" strokeWidth={2} connectNulls dot={{ r: 2 }} isAnimationActive={false} />
        </LineChart>
      </ChartCard>
      {pageViews ? (
        <ChartCard wide title="Page views" summary={topPages.length ? `top: ${topPages.map(([path, n]) => `${path} ${n}`).join(', ')}` : 'none counted yet'}>
          <BarChart data={views} margin={{ top: 4, right: 4, bottom: 0, left: -24 }}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} minTickGap={24} />
            <YAxis allowDecimals={false} {...axis} />
            <Tooltip {...tooltip} cursor={{ fill: 'var(--color-muted)' }} />
            <Bar dataKey="views" name="Page views" fill="var(--color-muted-foreground)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ChartCard>
      ) : null}
      {roundtables ? (
        <ChartCard wide title="Roundtable tokens" summary={tablesHeld === 0 ? 'no roundtables yet' : `${tokensSpent.toLocaleString('en-US')} tokens, ${tablesHeld} ${tablesHeld === 1 ? 'table' : 'tables'} in ${days.length} days`}>
          <BarChart data={tableTokens} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="day" tickFormatter={dayLabel} {...axis} minTickGap={24} />
            <YAxis allowDecimals={false} {...axis} width={48} />
            <Tooltip {...tooltip} cursor={{ fill: 'var(--color-muted)' }} />
            <Bar dataKey="prompt" name="Prompt tokens" stackId="tokens" fill="var(--color-muted-foreground)" isAnimationActive={false} />
            <Bar dataKey="completion" name="Completion tokens" stackId="tokens" fill="var(--color-brand)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ChartCard>
      ) : null}
    </div>
  );
}
