/**
 * When the daily counters renew, in the reader's words and time zone: "today at 7:00 PM" or
 * "tomorrow at 1:00 AM" (the server renews them at UTC midnight; decision 028).
 */
export function renewalPhrase(resetsAt: string, now: Date = new Date(), timeZone?: string): string {
  const at = new Date(resetsAt);
  if (Number.isNaN(at.getTime())) return 'tomorrow';
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = at.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const today = day.format(now);
  const tomorrow = day.format(new Date(now.getTime() + 24 * 60 * 60 * 1000));
  const date = day.format(at);
  if (date === today) return `today at ${time}`;
  if (date === tomorrow) return `tomorrow at ${time}`;
  return `on ${at.toLocaleDateString('en-US', { timeZone, month: 'short', day: 'numeric' })} at ${time}`;
}
