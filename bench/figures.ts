// A figure is one measured number with its unit and budget (bench/budgets.ts); the run prints
// them as a table and writes them to bench/results.json.
import type { Budget } from './budgets';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget: Budget;
}

export function figure(name: string, value: number, unit: string, budget: Budget = null): Figure {
  return { name, value: round(value), unit, budget };
}

function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function passes(f: Figure): boolean {
  if (!f.budget) return true;
  if (!Number.isFinite(f.value)) return false;
  return 'max' in f.budget ? f.value <= f.budget.max : f.value >= f.budget.min;
}

export function budgetText(budget: Budget): string {
  if (!budget) return '';
  return 'max' in budget ? `≤ ${budget.max}` : `≥ ${budget.min}`;
}

/** The q-quantile (0..1) of the samples, nearest rank. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 0.5);
}

export function formatTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [f.name, Number.isFinite(f.value) ? String(f.value) : '—', f.unit, budgetText(f.budget), f.budget ? (passes(f) ? 'pass' : 'FAIL') : '']);
  const header = ['figure', 'value', 'unit', 'budget', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 1 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`, ...rows.map(line)].join('\n');
}

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}
