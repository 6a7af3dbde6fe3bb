// The advisor card's words, apart from the profiles (advisor-profiles.ts), which the card loads when opened (issue 18, decision 042).

/** The advisor card's words (issue 14, point 7), opened from the chat header. */
export const advisorCardText = {
  open: 'About your advisor',
  title: (executiveRole: string) => `Your ${executiveRole}`,
  subtitle: (title: string, industry: string) => `${title}, advising in ${industry}`,
  focus: 'Focus',
  frameworks: 'How they decide',
  style: 'How they talk',
  /** The compact context line's label for screen readers and its tooltip. */
  contextLine: 'Change role, advisor and industry',
} as const;
