import { ArrowLeft, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Link } from 'wouter';
import { adminText, type AdminStats } from '#contract/admin.ts';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { useAdminActivity, useAdminPageViews, useAdminStats, useRefreshAdminStats, useRoundtableUsage } from '../api/admin-api.ts';
import { AuditLog } from './audit-log.tsx';
import { UserList } from './user-list.tsx';

// The chart library is its own chunk, fetched once the figures are on screen.
const ActivityCharts = lazy(() => import('./activity-charts.tsx'));

const statCards: { key: keyof AdminStats; label: string; format?: (v: number) => string }[] = [
  { key: 'totalUsers', label: 'Users' },
  { key: 'freeUsers', label: 'Free users' },
  { key: 'premiumUsers', label: 'Premium users' },
  { key: 'vipUsers', label: 'VIP users' },
  { key: 'adminUsers', label: 'Admins' },
  { key: 'userLogins', label: 'Sign-ins' },
  { key: 'totalConversations', label: 'Conversations' },
  { key: 'totalMessages', label: 'Messages' },
  { key: 'totalDocuments', label: 'Documents' },
  { key: 'totalLikes', label: 'Likes' },
  { key: 'totalDislikes', label: 'Dislikes' },
  { key: 'messageLikesPercent', label: 'Liked replies', format: (v) => `${v}%` },
];

const numberFormat = new Intl.NumberFormat();
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** /admin: the statistics panel, charts over time, users and the audit log. The server refuses non-admins. */
export default function AdminPage() {
  const { user } = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SiteHeader>
        <Button asChild variant="ghost" size="sm">
          <Link href="/chat">
            <ArrowLeft aria-hidden />
            Return to App
          </Link>
        </Button>
      </SiteHeader>
      <main id="main" className="mx-auto grid w-full max-w-6xl flex-1 content-start grid-cols-[minmax(0,1fr)] gap-8 px-4 py-8 sm:px-6">
        {user?.appUserType === 'admin' ? <Dashboard /> : <p className="text-muted-foreground">You do not have access to this page.</p>}
      </main>
    </div>
  );
}

function Dashboard() {
  const stats = useAdminStats();
  const refresh = useRefreshAdminStats();
  const activity = useAdminActivity(30);
  const pageViews = useAdminPageViews(activity.data);
  const roundtableUsage = useRoundtableUsage(30);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{adminText.title}</h1>
          <p className="text-sm text-muted-foreground">
            {stats.data ? `Figures as of ${timeFormat.format(new Date(stats.data.generatedAt))} (kept for 5 minutes; accounts counted live).` : 'How the product is used.'}
          </p>
          <p className="text-sm text-muted-foreground">{adminText.usersCounted}</p>
          {stats.data && (
            <p className="mt-1 text-sm" data-testid="admin-ai-line">
              {adminText.aiLine(stats.data.ai)}
            </p>
          )}
        </div>
        <Button variant="outline" size="sm" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
          <RefreshCw aria-hidden className={refresh.isPending ? 'animate-spin' : undefined} />
          {adminText.refresh}
        </Button>
      </div>

      <section aria-label="Statistics">
        {stats.isPending ? (
          <Spinner label="Loading statistics" />
        ) : stats.isError ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm font-medium text-destructive">
            {adminText.statsFailed}
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="admin-stats">
            {statCards.map(({ key, label, format }) => (
              <div key={key} className="rounded-xl border bg-card p-4">
                <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
                <dd className="mt-1 text-2xl font-semibold tabular-nums" data-stat={key}>
                  {format ? format(stats.data[key] as number) : numberFormat.format(stats.data[key] as number)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section aria-labelledby="activity-title" className="grid gap-3">
        <h2 id="activity-title" className="text-lg font-semibold">
          Last 30 days
        </h2>
        {activity.isPending ? (
          <Spinner label="Loading activity" />
        ) : activity.isError ? (
          <p className="text-sm text-destructive">{adminText.statsFailed}</p>
        ) : (
          <Suspense fallback={<Spinner label="Loading charts" />}>
            <ActivityCharts days={activity.data} pageViews={pageViews.data} roundtables={roundtableUsage.data} />
          </Suspense>
        )}
      </section>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <UserList query={deferredQuery} onQueryChange={setQuery} rawQuery={query} />
        <AuditLog />
      </div>
    </>
  );
}
