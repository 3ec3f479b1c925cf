export interface CountryLike {
  readonly id: string;
  readonly name: string;
}

/**
 * The countries a workflow can be assigned to a company in: those both have (spec 002 §4),
 * in the company's order.
 */
export function commonCountries<C extends CountryLike>(workflow: readonly CountryLike[], company: readonly C[]): C[] {
  const ids = new Set(workflow.map((c) => c.id));
  return company.filter((c) => ids.has(c.id));
}
