// Issue 20's goals, each checked against the figures of the same bench run: the line, the figure, the goal and
// whether it is met, so a run says at once which ones still fall short.
export interface Goal {
  readonly goal: string;
  readonly value: number;
  readonly limit: number;
  /** 'max': the figure must not exceed the limit; 'min': it must reach it. */
  readonly kind: 'max' | 'min';
  readonly met: boolean;
}

export const goal = (name: string, value: number, kind: Goal['kind'], limit: number): Goal => ({
  goal: name,
  value,
  limit,
  kind,
  met: Number.isFinite(value) && (kind === 'max' ? value <= limit : value >= limit),
});

export function printGoals(goals: readonly Goal[], issue = 20): void {
  console.log(`\nGoals (issue ${issue}): each figure from this run, against its goal\n`);
  const w = Math.max(...goals.map((g) => g.goal.length));
  for (const g of goals) {
    const shown = Number.isFinite(g.value) ? (g.value >= 100 ? g.value.toFixed(0) : g.value.toFixed(2)) : 'n/a';
    console.log(
      `${g.goal.padEnd(w)}  ${shown.padStart(8)}  ${g.kind === 'max' ? '≤' : '≥'} ${String(g.limit).padEnd(5)}  ${g.met ? 'met' : 'SHORT'}`,
    );
  }
}
