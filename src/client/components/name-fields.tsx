import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';

type NameField = 'firstName' | 'lastName';

/** First and last name side by side, as Sign Up and Edit Profile ask for them (spec sections 2 and 7). */
export function NameFields({ register, errors }: { register: (name: NameField) => UseFormRegisterReturn; errors: Partial<Record<NameField, { message?: string }>> }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField label="First name" error={errors.firstName?.message}>
        {(field) => <Input {...field} autoComplete="given-name" {...register('firstName')} />}
      </FormField>
      <FormField label="Last name" error={errors.lastName?.message}>
        {(field) => <Input {...field} autoComplete="family-name" {...register('lastName')} />}
      </FormField>
    </div>
  );
}
