// How numbers and times read everywhere in the app: en-US, as product.md#roles dates are ("short month,
// day, year, hour, minute").
const numberFormat = new Intl.NumberFormat('en-US');
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit',
});

/** 3400 -> "3,400" */
export function formatCount(n: number): string {
  return numberFormat.format(n);
}

/** "Mar 14, 2025, 2:05 PM" */
export function formatDateTime(epochMs: number): string {
  return dateTimeFormat.format(epochMs);
}

/** "2:05 PM" */
export function formatTime(epochMs: number): string {
  return timeFormat.format(epochMs);
}

/** "2:05 PM" today, else the full date and time. */
export function formatWhen(epochMs: number, now = Date.now()): string {
  const sameDay = new Date(epochMs).toDateString() === new Date(now).toDateString();
  return sameDay ? timeFormat.format(epochMs) : dateTimeFormat.format(epochMs);
}

/** "1 report", "2 reports" */
export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
