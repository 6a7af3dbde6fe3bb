import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#contract/auth.ts';
import { chatText, type ChatContext } from '#contract/chat-text.ts';
import { notify } from '#client/lib/notify.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { updateChatDefaults } from '../api/update-chat-defaults.ts';
import { isSavedDefault } from '../logic/chat-rules.ts';

const fields = [
  { key: 'defaultUserRole', from: 'userRole', label: 'role' },
  { key: 'defaultExecutiveRole', from: 'executiveRole', label: 'executive' },
  { key: 'defaultIndustry', from: 'industry', label: 'industry' },
] as const;

/** Saves (or, with null, clears) each default field on its own, so a failure names its field; answers what was saved and what failed. */
async function saveDefaults(userId: string, context: ChatContext, clearing: boolean) {
  const results = await Promise.allSettled(fields.map(({ key, from }) => updateChatDefaults(userId, { [key]: clearing ? null : context[from] })));
  const saved: Partial<PublicUser> = {};
  const failed: string[] = [];
  results.forEach((result, index) => {
    const field = fields[index]!;
    if (result.status === 'fulfilled') saved[field.key] = result.value[field.key];
    else failed.push(field.label);
  });
  return { saved, failed, clearing };
}

/**
 * The star (spec section 4, Premium): saves the current role, advisor and industry as the user's
 * defaults, or clears them when they already are.
 */
export function useSaveDefaults(user: PublicUser, context: ChatContext) {
  const queryClient = useQueryClient();
  const saved = isSavedDefault(context, user);

  const mutation = useMutation({
    mutationFn: (input: { context: ChatContext; clearing: boolean }) => saveDefaults(user.id, input.context, input.clearing),
    onSuccess: ({ saved: patch, failed, clearing }, { context: savedContext }) => {
      queryClient.setQueryData<PublicUser | null>(currentUserQueryKey, (current) => (current ? { ...current, ...patch } : current));
      if (failed.length > 0) notify({ ...chatText.saveDefaultsFailed(failed), variant: 'destructive' });
      else if (clearing) notify(chatText.defaultsCleared);
      else notify({ ...chatText.defaultsSaved(savedContext), variant: 'success' });
    },
  });

  return { saved, saving: mutation.isPending, toggle: () => mutation.mutate({ context, clearing: saved }) };
}
