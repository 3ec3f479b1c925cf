/** Select-all is on only when every option is chosen (spec 000 §5). */
export function everyChosen(value: readonly string[], options: readonly { readonly value: string }[]): boolean {
  return options.length > 0 && options.every((o) => value.includes(o.value));
}

/**
 * The value after the select-all box is clicked: every option when it was off (keeping chosen
 * values the options lack), none of the options when it was on.
 */
export function toggleAll(value: readonly string[], options: readonly { readonly value: string }[]): string[] {
  const all = options.map((o) => o.value);
  if (everyChosen(value, options)) return value.filter((v) => !all.includes(v));
  return [...value, ...all.filter((v) => !value.includes(v))];
}
