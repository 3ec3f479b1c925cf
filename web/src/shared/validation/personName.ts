/** A name with first and last name (spec 002 §5): two words at least, once trimmed. */
export function hasFirstAndLastName(name: string): boolean {
  return name.trim().split(/\s+/).filter(Boolean).length >= 2;
}
