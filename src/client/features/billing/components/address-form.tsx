import { useMemo, useState, type FormEvent } from 'react';
import { billingAddressSchema, billingCountries, countriesWithStates, isAddressComplete, type BillingAddressInput } from '#contract/billing.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectItemText, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';

export const emptyAddress: BillingAddressInput = { name: '', line1: '', line2: '', city: '', state: '', postalCode: '', country: 'US' };

function countryNames(): Array<{ code: string; name: string }> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([navigator.language, 'en'], { type: 'region' });
  } catch {
    // Old browsers: codes alone.
  }
  return billingCountries.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Checkout step 1 (spec section 2): the billing address. 'Continue to Payment' is enabled only
 * once the address is complete; a field left wrong says why when the user leaves it.
 */
export function AddressForm({
  initial,
  pending,
  onSubmit,
}: {
  initial: BillingAddressInput;
  pending: boolean;
  onSubmit: (address: BillingAddressInput) => void;
}) {
  const [address, setAddress] = useState<BillingAddressInput>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof BillingAddressInput, boolean>>>({});
  const countries = useMemo(countryNames, []);
  const complete = isAddressComplete(address);
  const errors = useMemo(() => {
    const result = billingAddressSchema.safeParse(address);
    const found: Partial<Record<keyof BillingAddressInput, string>> = {};
    if (!result.success) for (const issue of result.error.issues) found[issue.path[0] as keyof BillingAddressInput] ??= issue.message;
    return found;
  }, [address]);
  const needsState = (countriesWithStates as readonly string[]).includes(address.country);

  const field = (name: keyof BillingAddressInput) => ({
    value: address[name] ?? '',
    onChange: (event: { target: { value: string } }) => setAddress((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
  });
  const errorOf = (name: keyof BillingAddressInput) => (touched[name] ? errors[name] : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (complete && !pending) onSubmit(address);
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Billing address">
      <FormField label="Name on card" error={errorOf('name')}>
        {(props) => <Input {...props} {...field('name')} autoComplete="cc-name" />}
      </FormField>
      <FormField label="Country" error={errorOf('country')}>
        {/* The app's own listbox, like every other choice in the app (issue 29, point 20); typing a name's first letters finds it. */}
        {(props) => (
          <Select
            value={address.country}
            onValueChange={(country) => {
              setAddress((current) => ({ ...current, country }));
              setTouched((current) => ({ ...current, country: true }));
            }}
            autoComplete="country"
            name="country"
          >
            <SelectTrigger {...props} onBlur={() => setTouched((current) => ({ ...current, country: true }))}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {countries.map((country) => (
                <SelectItem key={country.code} value={country.code}>
                  <SelectItemText>{country.name}</SelectItemText>
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label="Street address" error={errorOf('line1')}>
        {(props) => <Input {...props} {...field('line1')} autoComplete="address-line1" />}
      </FormField>
      <FormField label={<>Apartment, suite, etc. <span className="font-normal text-muted-foreground">(optional)</span></>} error={errorOf('line2')}>
        {(props) => <Input {...props} {...field('line2')} autoComplete="address-line2" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="City" error={errorOf('city')}>
          {(props) => <Input {...props} {...field('city')} autoComplete="address-level2" />}
        </FormField>
        <FormField label={needsState ? 'State / Province' : <>State / Province <span className="font-normal text-muted-foreground">(optional)</span></>} error={errorOf('state')}>
          {(props) => <Input {...props} {...field('state')} autoComplete="address-level1" />}
        </FormField>
      </div>
      <FormField label="Postal code" error={errorOf('postalCode')}>
        {(props) => <Input {...props} {...field('postalCode')} autoComplete="postal-code" className="sm:max-w-48" />}
      </FormField>
      <Button type="submit" variant="brand" size="lg" disabled={!complete || pending} className="mt-1 w-full">
        {pending ? <Spinner className="size-4" label="Preparing payment" /> : null}
        Continue to Payment
      </Button>
    </form>
  );
}
