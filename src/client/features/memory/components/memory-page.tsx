import { useQueryClient } from '@tanstack/react-query';
import { Download, Save } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { industries } from '#contract/roles.ts';
import {
  companyStages,
  fiscalMonths,
  formatMemoryDate,
  memoryLimits,
  memoryText,
  profileLabels,
  runwayMonths,
  type ProfileFieldName,
} from '#contract/memory-text.ts';
import type { MemoryResponse } from '#contract/memory.ts';
import { EmailVerificationBanner } from '#client/components/email-verification-banner.tsx';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input, Textarea } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { notify } from '#client/lib/notify.ts';
import { errorMessageOf } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { useMemory, useSetPaused, useUpdateProfile } from '../api/memory-api.ts';
import { formOf, inputOf, parseAmount, type ProfileForm } from '../logic/profile-form.ts';
import { FactsSection } from './facts-section.tsx';
import { MemoryCard } from './memory-card.tsx';
import { PinsSection } from './pins-section.tsx';

/** The page as a file, in each format the export route offers. */
const exportFormats = [
  { format: 'markdown', label: memoryText.exportMarkdown },
  { format: 'json', label: memoryText.exportJson },
] as const;

function Field({ name, hint, children }: { name: ProfileFieldName | 'runway'; hint?: string; children: (id: string) => ReactNode }) {
  const id = `memory-${name}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{name === 'runway' ? memoryText.runway : profileLabels[name]}</Label>
      {children(id)}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** The guided profile: every field optional, the runway computed as the user types. */
function ProfileSection({ memory }: { memory: MemoryResponse }) {
  const [form, setForm] = useState<ProfileForm>(() => formOf(memory.profile));
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateProfile();
  const queryClient = useQueryClient();
  useEffect(() => setForm(formOf(memory.profile)), [memory.profile]);
  const set = (name: ProfileFieldName) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: event.target.value }));
  const cash = parseAmount(form.cash);
  const burn = parseAmount(form.monthlyNetBurn);
  const runway = typeof cash === 'number' && typeof burn === 'number' ? runwayMonths({ cash, monthlyNetBurn: burn }) : null;
  const dated = (name: ProfileFieldName) => {
    const date = memory.fieldDates[name];
    if (!date) return undefined;
    return `${memory.staleFields.includes(name) ? `${memoryText.needsReview}: ` : 'Updated '}${formatMemoryDate(date)}`;
  };
  const text = (name: ProfileFieldName, props: { placeholder?: string; inputMode?: 'decimal' | 'numeric'; max?: number } = {}) => (
    <Field name={name} hint={dated(name)}>
      {(id) => <Input id={id} value={form[name]} onChange={set(name)} placeholder={props.placeholder} inputMode={props.inputMode} maxLength={props.max} />}
    </Field>
  );
  const select = (name: ProfileFieldName, options: readonly string[], labels?: Record<string, string>) => (
    <Field name={name} hint={dated(name)}>
      {(id) => (
        <NativeSelect id={id} value={form[name]} onChange={set(name)}>
          <option value="">Not given</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {labels?.[option] ?? option}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
  const area = (name: ProfileFieldName, max: number, placeholder?: string) => (
    <Field name={name} hint={dated(name)}>
      {(id) => <Textarea id={id} value={form[name]} onChange={set(name)} maxLength={max} placeholder={placeholder} className="min-h-20" />}
    </Field>
  );
  return (
    <MemoryCard id="profile" title={memoryText.profileTitle} intro={memoryText.profileIntro}>
      <form
        className="mt-5 grid gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          save.mutate(inputOf(form), {
            onSuccess: () => {
              notify({ title: memoryText.profileSaved, variant: 'success' });
              // The profile's industry is the account's default industry now.
              void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
            },
            onError: (err) => setError(errorMessageOf(err)),
          });
        }}
      >
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">1. The company</legend>
          {text('name', { max: memoryLimits.shortText, placeholder: 'Acme Inc.' })}
          {select('industry', industries)}
          {select('stage', companyStages)}
          {text('headcount', { inputMode: 'numeric', placeholder: '45' })}
          {text('markets', { max: memoryLimits.markets, placeholder: 'US mid-market, UK' })}
          {select('fiscalYearEnd', fiscalMonths)}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">2. The numbers</legend>
          {text('revenue', { inputMode: 'decimal', placeholder: '4.2M' })}
          {select('revenueKind', ['revenue', 'arr'], { revenue: 'Revenue', arr: 'ARR' })}
          {text('grossMarginPercent', { inputMode: 'decimal', placeholder: '62' })}
          {text('cash', { inputMode: 'decimal', placeholder: '2.4M' })}
          {text('monthlyNetBurn', { inputMode: 'decimal', placeholder: '200k' })}
          <div className="grid gap-1.5">
            <p className="text-sm font-medium">{memoryText.runway}</p>
            <p className="flex h-11 items-center rounded-md bg-muted/60 px-3 text-sm font-semibold tabular-nums" data-testid="memory-runway" aria-live="polite">
              {runway !== null ? memoryText.runwayValue(runway) : <span className="font-normal text-muted-foreground">{memoryText.runwayNone}</span>}
            </p>
          </div>
        </fieldset>
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-sm font-semibold">3. The year ahead</legend>
          {area('goals', memoryLimits.longText, 'Reach $6M ARR; hire a VP Sales')}
          {area('constraints', memoryLimits.longText, 'No new funding before Q3')}
          {area('leadership', 1000, 'One per line, e.g. CFO: Dana Lee')}
          {area('notes', memoryLimits.notes)}
        </fieldset>
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="justify-self-start" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : <Save aria-hidden />}
          Save profile
        </Button>
      </form>
    </MemoryCard>
  );
}

/** /memory (issue 33, point 6): what every advisor reads, editable, exportable, and a switch that pauses it all. */
export default function MemoryPage({ profileMenu }: { profileMenu?: ReactNode } = {}) {
  const { data: memory, error } = useMemory();
  const pause = useSetPaused();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SiteHeader>{profileMenu}</SiteHeader>
      <EmailVerificationBanner />
      <main id="main" className="mx-auto grid w-full max-w-3xl flex-1 content-start gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{memoryText.pageTitle}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{memoryText.pageIntro}</p>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessageOf(error)}
          </p>
        ) : !memory ? (
          <Spinner />
        ) : (
          <>
            <div className="flex flex-col gap-4 rounded-2xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
              <div className="flex items-start gap-3">
                <Checkbox id="memory-paused" checked={memory.paused} onCheckedChange={(checked) => pause.mutate({ paused: checked === true })} disabled={pause.isPending} className="mt-0.5" />
                <div>
                  <Label htmlFor="memory-paused">{memoryText.pausedLabel}</Label>
                  <p className="text-xs text-muted-foreground" data-testid="memory-paused-state">
                    {memory.paused ? memoryText.pausedOn : memoryText.pausedOff}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                {exportFormats.map(({ format, label }) => (
                  <Button key={format} asChild variant="outline" size="sm">
                    <a href={`/api/memory/export?format=${format}`} download>
                      <Download aria-hidden />
                      {label}
                    </a>
                  </Button>
                ))}
              </div>
            </div>
            <ProfileSection memory={memory} />
            <PinsSection memory={memory} />
            <FactsSection memory={memory} />
          </>
        )}
      </main>
    </div>
  );
}
