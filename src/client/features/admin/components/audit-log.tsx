import { adminText } from '#contract/admin.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useAdminAuditLog } from '../api/admin-api.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Every admin action, newest first: who did what to whom, when. */
export function AuditLog() {
  const log = useAdminAuditLog();
  return (
    <section aria-labelledby="audit-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-3">
      <h2 id="audit-title" className="text-lg font-semibold">
        {adminText.auditTitle}
      </h2>
      {log.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : log.isError ? (
        <p className="text-sm text-destructive">Could not load the audit log.</p>
      ) : log.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{adminText.noAudit}</p>
      ) : (
        <ol className="grid max-h-[28rem] gap-2 overflow-y-auto rounded-xl border bg-card p-3 text-sm" data-testid="audit-log">
          {log.data.map((entry) => (
            <li key={entry.id} className="grid min-w-0 gap-0.5 rounded-md px-2 py-1.5 [overflow-wrap:anywhere] hover:bg-muted">
              <span>
                <span className="font-medium">{entry.adminEmail ?? 'A former admin'}</span> {adminText.actionLabels[entry.action] ?? entry.action}{' '}
                <span className="font-medium">{entry.targetEmail ?? 'a deleted account'}</span>
              </span>
              <time className="text-xs text-muted-foreground" dateTime={entry.createdAt}>
                {timeFormat.format(new Date(entry.createdAt))}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
