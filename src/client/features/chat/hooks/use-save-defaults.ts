import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { PublicUser } from '#contract/auth.ts';
import type { ChatContext } from '#contract/chat.ts';
import { notify } from '#client/lib/notify.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { updateChatDefaults } from '../api/update-chat-defaults.ts';
import { isSavedDefault } from '../logic/chat-rules.ts';

const fields = [
  { key: 'defaultUserRole', from: 'userRole', label: 'role' },
  { key: 'defaultExecutiveRole', from: 'executiveRole', label: 'executive' },
  { key: 'defaultIndustry', from: 'industry', label: 'industry' },
] as const;

/**
 * The star (spec section 4, Premium): saves the current role, advisor and industry as the user's
 * defaults, or clears them when they already are. One call per field, so a failure names its field.
 */
export function useSaveDefaults(user: PublicUser, context: ChatContext) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const saved = isSavedDefault(context, user);

  const toggle = useCallback(async () => {
    setSaving(true);
    const clearing = saved;
    const results = await Promise.allSettled(
      fields.map(({ key, from }) => updateChatDefaults(user.id, { [key]: clearing ? null : context[from] })),
    );
    const patch: Partial<PublicUser> = {};
    const failed: string[] = [];
    results.forEach((result, index) => {
      const field = fields[index]!;
      if (result.status === 'fulfilled') patch[field.key] = result.value[field.key];
      else failed.push(field.label);
    });
    queryClient.setQueryData<PublicUser | null>(currentUserQueryKey, (current) => (current ? { ...current, ...patch } : current));
    setSaving(false);
    if (failed.length > 0) {
      notify({ title: 'Error', description: `Failed to save default ${failed.join(' / ')} preference`, variant: 'destructive' });
    } else if (clearing) {
      notify({ title: 'Defaults cleared', description: 'New conversations start with the standard role, advisor and industry.' });
    } else {
      notify({
        title: 'Defaults saved',
        description: `New conversations start with you as ${context.userRole}, talking to the ${context.executiveRole} in ${context.industry}.`,
        variant: 'success',
      });
    }
  }, [context, queryClient, saved, user.id]);

  return { saved, saving, toggle };
}
