/** The conversation's note (decision 083): limits and words, without zod (decision 042). */

export const noteLimits = {
  /** The note as stored and pinned: bounded, whoever wrote it. */
  chars: 2000,
  /** One line of the model's answer. */
  itemChars: 240,
  /** Lines the model may answer. */
  items: 20,
} as const;

export const noteText = {
  title: "What I'm keeping in mind",
  empty: 'Nothing yet. Once this conversation grows longer than the advisor can read at once, the facts, figures and decisions you stated earlier are kept here.',
  tooLong: `Keep the note under ${noteLimits.chars.toLocaleString('en-US')} characters.`,
  required: 'Write the note, or clear it.',
} as const;
