// Okabe–Ito colours that read for people with colour-blindness, the ones with at least 3:1 against white (WCAG
// 1.4.11) for bars. Colour never carries meaning alone: each chart has its labels, its tooltip and a table.
export const CHART = {
  blue: '#0072B2',
  vermillion: '#D55E00',
  green: '#009E73',
  purple: '#CC79A7',
  /** Axis text and grid. */
  ink: '#1d2330',
  grid: '#d5d9e0',
} as const;
