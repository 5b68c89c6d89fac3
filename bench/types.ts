/** One line of the bench table. */
export type Row = {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The goal in words ('>= 0.8x native'); null for a reference or informational row. */
  readonly target: string | null;
  /** false fails `npm run bench`; null: nothing to pass. */
  readonly pass: boolean | null;
  /** Extra context, e.g. the ratio to the native implementation. */
  readonly detail?: string;
};

export type Bench = { readonly title: string; readonly run: () => Promise<Row[]> };
