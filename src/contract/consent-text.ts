/** What the cookie banner says when a choice could not be stored. */
export const consentText = {
  saveFailed: { title: 'Cookie choice not saved', description: 'Please try again in a moment.' },
} as const;
