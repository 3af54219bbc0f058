/** One measured figure, with its budget when it has one. */
export interface Figure {
  readonly area:
    | 'Size'
    | 'Start-up'
    | 'Request overhead'
    | 'Rendering'
    | 'Heavy replies'
    | 'Memory'
    | 'History'
    | 'Instructions'
    | 'Mentions'
    | 'File edits';
  readonly name: string;
  readonly value: number;
  readonly unit: 'KB' | 'ms' | 'MB' | '×' | 'yes/no';
  /** The largest value that meets the budget; undefined for figures reported for information. */
  readonly budget?: number;
}

export function holds(figure: Figure): boolean | undefined {
  return figure.budget === undefined ? undefined : figure.value <= figure.budget;
}

/** The p-th percentile (0–100) of the samples, by nearest rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) {
    return Number.NaN;
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

function formatValue(figure: Figure): string {
  if (figure.unit === 'yes/no') {
    return figure.value === 0 ? 'no' : 'yes';
  }
  const digits = figure.unit === '×' ? 3 : figure.value < 10 ? 2 : 1;
  return `${figure.value.toFixed(digits)} ${figure.unit}`;
}

function formatBudget(figure: Figure): string {
  if (figure.budget === undefined) {
    return '—';
  }
  return figure.unit === 'yes/no' ? (figure.budget === 0 ? 'no' : 'yes') : `≤ ${figure.budget} ${figure.unit}`;
}

/** A Markdown table of the figures: value, budget, and whether it holds. */
export function figuresTable(figures: readonly Figure[]): string {
  const rows = figures.map((figure) => {
    const verdict = holds(figure);
    return `| ${figure.area} | ${figure.name} | ${formatValue(figure)} | ${formatBudget(figure)} | ${verdict === undefined ? '' : verdict ? '✔ holds' : '✘ OVER BUDGET'} |`;
  });
  return ['| Area | Figure | Value | Budget | |', '|---|---|---|---|---|', ...rows].join('\n');
}
