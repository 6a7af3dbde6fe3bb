import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountMessages, accountText, editProfileFormSchema, type EditProfileForm, type UpdateProfileInput } from '#contract/account.ts';
import type { PublicUser } from '#contract/auth.ts';
import { NameFields } from '#client/components/name-fields.tsx';
import { ProfilePictureField } from '#client/components/profile-picture-field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { PasswordInput } from '#client/components/ui/password-input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { notify } from '#client/lib/notify.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** Spec section 8: a profile update error mentioning e-mail shows the conflict message. */
export function profileErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (/already exists/i.test(message) && /e-?mail/i.test(message)) return accountMessages.emailExists;
  return message || accountText.profileUpdateFailed().description;
}

/** Edit Profile (spec sections 2 and 7): names, e-mail (with the current password) and photo. */
export function EditProfileDialog({ user, open, onOpenChange }: { user: PublicUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{accountText.editProfile}</DialogTitle>
          <DialogDescription>Your name, email address and photo.</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening: the form starts from the account as it is now. */}
        {open ? <EditProfileForm user={user} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditProfileForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const update = useUpdateProfile(user.id);
  const [picture, setPicture] = useState<string | null>(user.profileImageUrl);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<EditProfileForm>({
    resolver: zodResolver(editProfileFormSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, email: user.email, currentPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const email = form.watch('email');
  const emailChanges = email.trim().toLowerCase() !== user.email.toLowerCase();

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    const input: UpdateProfileInput = { firstName: values.firstName, lastName: values.lastName };
    if (emailChanges) Object.assign(input, { email: values.email, currentPassword: values.currentPassword });
    if (picture !== user.profileImageUrl) input.profileImageUrl = picture;
    try {
      await update.mutateAsync(input);
      notify({
        ...accountText.profileUpdated,
        description: emailChanges ? `${accountMessages.profileUpdated} ${accountText.emailChangedNotice(user.email)}` : accountMessages.profileUpdated,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      const text = profileErrorText(error);
      setServerError(text);
      notify({ ...accountText.profileUpdateFailed(text), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <ProfilePictureField value={picture} onChange={setPicture} names={{ firstName: form.watch('firstName') || user.firstName, lastName: form.watch('lastName') }} />
      <NameFields register={form.register} errors={errors} />
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      {emailChanges ? (
        <FormField label="Current password" error={errors.currentPassword?.message} hint={`${accountMessages.currentPasswordForEmail} We will tell ${user.email} about the change.`}>
          {(field) => <PasswordInput {...field} autoComplete="current-password" {...form.register('currentPassword')} />}
        </FormField>
      ) : null}
      {serverError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {serverError}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Save changes
        </Button>
      </DialogFooter>
    </form>
  );
}
