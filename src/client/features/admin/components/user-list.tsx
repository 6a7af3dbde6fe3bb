import { Search } from 'lucide-react';
import { useState } from 'react';
import { adminText, type AdminUser } from '#contract/admin.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { notify } from '#client/lib/notify.ts';
import { useAdminUsers, useUpdateAdminUser } from '../api/admin-api.ts';

type Action = keyof typeof adminText.done;
const inputs: Record<Action, { vip?: boolean; disabled?: boolean }> = { grantVip: { vip: true }, removeVip: { vip: false }, disable: { disabled: true }, enable: { disabled: false } };

const types: Record<AdminUser['appUserType'], string> = { standard: 'Standard', subscriber: 'Subscriber', vip: 'VIP', admin: 'Admin' };
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** Users with search, VIP grant or removal and disabling (each written to the audit log by the server). */
export function UserList({ query, rawQuery, onQueryChange }: { query: string; rawQuery: string; onQueryChange: (q: string) => void }) {
  const [page, setPage] = useState(1);
  const users = useAdminUsers(query.trim(), page);
  const update = useUpdateAdminUser();
  // Granting VIP and disabling ask first; removing VIP and enabling undo them at once (issue 29, point 9).
  const [confirming, setConfirming] = useState<{ user: AdminUser; action: 'grantVip' | 'disable' } | null>(null);
  const change = (user: AdminUser, action: Action) =>
    update.mutate(
      { id: user.id, input: inputs[action] },
      {
        onSuccess: () => notify({ ...adminText.done[action](user.email), variant: 'success' }),
        onError: (error) => notify({ ...adminText.updateFailed(error.message), variant: 'destructive' }),
      },
    );
  const ask = confirming ? adminText.confirm[confirming.action](confirming.user.email) : null;
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;
  return (
    <section aria-labelledby="users-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="users-title" className="text-lg font-semibold">
          {adminText.usersTitle}
          {users.data ? <span className="ml-2 text-sm font-normal text-muted-foreground">{users.data.total}</span> : null}
        </h2>
        <div className="relative w-full sm:w-72">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Search users"
            placeholder={adminText.searchPlaceholder}
            className="pl-9"
            value={rawQuery}
            onChange={(event) => {
              setPage(1);
              onQueryChange(event.target.value);
            }}
          />
        </div>
      </div>
      {users.isPending ? (
        <Spinner label="Loading users" />
      ) : users.isError ? (
        <p className="text-sm text-destructive">Could not load users.</p>
      ) : users.data.users.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{adminText.noUsers}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card" data-testid="admin-users">
          {users.data.users.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="admin-user">
              <div className="min-w-0 flex-1">
                {/* The name may be cut; the badges never are (they wrap under it on a phone). */}
                <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                  <p className="min-w-0 truncate text-sm font-medium">
                    {user.firstName} {user.lastName}
                  </p>
                  <span className="flex shrink-0 gap-1" data-testid="admin-user-badges">
                    <span className="rounded bg-muted px-1.5 py-0.5 text-xs whitespace-nowrap">{types[user.appUserType]}</span>
                    {user.disabled ? <span className="rounded bg-destructive/15 px-1.5 py-0.5 text-xs whitespace-nowrap text-destructive">{adminText.disabledBadge}</span> : null}
                  </span>
                </div>
                <p className="truncate text-xs text-muted-foreground">
                  {user.email} · joined {dateFormat.format(new Date(user.createdAt))} · {user.numLogins} {user.numLogins === 1 ? 'sign-in' : 'sign-ins'}
                </p>
              </div>
              {user.appUserType === 'admin' ? null : (
                <div className="flex gap-2">
                  <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => (user.appUserType === 'vip' ? change(user, 'removeVip') : setConfirming({ user, action: 'grantVip' }))}>
                    {user.appUserType === 'vip' ? adminText.removeVip : adminText.grantVip}
                  </Button>
                  <Button
                    size="sm"
                    variant={user.disabled ? 'outline' : 'ghost'}
                    disabled={update.isPending}
                    title={user.disabled ? undefined : adminText.disableHint}
                    onClick={() => (user.disabled ? change(user, 'enable') : setConfirming({ user, action: 'disable' }))}
                  >
                    {user.disabled ? adminText.enable : adminText.disable}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog open={confirming !== null} onOpenChange={(open) => (open ? null : setConfirming(null))}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>{ask?.title}</DialogTitle>
            <DialogDescription>{ask?.description}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{adminText.confirm.cancel}</Button>
            </DialogClose>
            <Button
              variant={confirming?.action === 'disable' ? 'destructive' : 'default'}
              onClick={() => {
                if (confirming) change(confirming.user, confirming.action);
                setConfirming(null);
              }}
            >
              {ask?.action}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {pages > 1 ? (
        <div className="flex items-center justify-end gap-2 text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="tabular-nums text-muted-foreground">
            {page} / {pages}
          </span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </section>
  );
}
