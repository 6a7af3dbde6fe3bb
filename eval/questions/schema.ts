import { z } from 'zod';
import { executiveRoles, industries } from '#contract/roles.ts';

/**
 * One eval case (issue 31, point 7): a conversation a real executive would have with an advisor.
 * `turns` are the user's messages in order (one for a single question, more for a follow-up); the
 * product and the plain baseline both answer every turn, and the judge scores the last answers.
 * A `pushback` case's last turn objects without a new fact: the judge says whether each side kept
 * a correct position. A `document` is attached before the first turn (a CSV, as a user uploads it).
 */
export const evalQuestionSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    kind: z.enum(['single', 'multi-turn', 'document', 'pushback']),
    executiveRole: z.enum(executiveRoles),
    industry: z.enum(industries),
    userRole: z.enum(executiveRoles),
    turns: z.array(z.string().min(1).max(4000)).min(1).max(4),
    document: z.object({ name: z.string().regex(/^[\w.-]+\.csv$/), csv: z.string().min(1) }).optional(),
    /** What a good answer must not miss, for the judge (grounding): not shown to either advisor. */
    mustConsider: z.string().min(1),
  })
  .superRefine((question, ctx) => {
    if (question.kind === 'document' && !question.document) ctx.addIssue({ code: 'custom', message: 'a document case needs a document' });
    if (question.kind !== 'document' && question.document) ctx.addIssue({ code: 'custom', message: 'only a document case carries a document' });
    if ((question.kind === 'multi-turn' || question.kind === 'pushback') && question.turns.length < 2) ctx.addIssue({ code: 'custom', message: `a ${question.kind} case has at least two turns` });
    if ((question.kind === 'single' || question.kind === 'document') && question.turns.length !== 1) ctx.addIssue({ code: 'custom', message: `a ${question.kind} case has one turn` });
  });

export type EvalQuestion = z.infer<typeof evalQuestionSchema>;
