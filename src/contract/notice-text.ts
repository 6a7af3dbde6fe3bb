/** A failed action's notice: titled 'Error' as the spec's are (section 8), the description saying what failed. */
export function errorNotice(description: string) {
  return { title: 'Error', description } as const;
}
