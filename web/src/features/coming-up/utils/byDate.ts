/** Items in date order, grouped by their date (YYYY-MM-DD), the groups in the order they come. */
export function byDate<T extends { readonly date: string }>(items: readonly T[]): { date: string; items: T[] }[] {
  const groups: { date: string; items: T[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.date === item.date) last.items.push(item);
    else groups.push({ date: item.date, items: [item] });
  }
  return groups;
}

/** Whether the items come from more than one company (then each names its company). */
export function severalCompanies(items: readonly { readonly company: { readonly uuid: string } }[]): boolean {
  return items.some((item) => item.company.uuid !== items[0]?.company.uuid);
}
